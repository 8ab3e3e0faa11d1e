import { CATEGORY_LABELS, compareById, STATUS_LABELS, type ApiPrice, type CatalogueItem, type PriceData } from "../../../domain/catalogue";
import { absoluteLink } from "../../../domain/links";
import { priceListResponseSchema } from "../../../domain/schemas/catalogue";
import type { Db } from "../../db/database";
import type { ChangeNotices } from "../../db/change-notices";
import type { Clock } from "../../db/clock";
import { conflict, isUniqueViolation, notFound } from "../../errors";
import { weakEtag } from "../../plugins/page-cache";
import { noticedCache } from "../cache";
import { unmatched } from "../versions";
import { createCatalogueRepository } from "./repository";

/** An item in the API's shape (apiPriceSchema), its image absolute when the shop has a public URL. */
export function toApiPrice(item: CatalogueItem, publicUrl: string | undefined): ApiPrice {
  const { plans, ...rest } = item;
  return {
    ...rest,
    ImageId: absoluteLink(publicUrl, item.ImageId),
    Category: CATEGORY_LABELS[item.category],
    Status: STATUS_LABELS[item.status],
    ...(Object.keys(plans).length > 0 ? { plans } : {}),
  };
}

export function createCatalogueService(db: Db, clock: Clock, changes: ChangeNotices, { publicUrl }: { publicUrl: string | undefined }) {
  const repository = createCatalogueRepository();
  const cache = noticedCache(changes, "catalogue", async () => (await repository.listAll(db)).sort(compareById));
  // GET /api/prices as bytes: checked against its schema and serialized once per list read, not per request,
  // and never older than the list it was made from.
  let listJson: { from: CatalogueItem[]; body: string; etag: string } | undefined;
  async function currentListJson() {
    const items = await cache.get();
    if (listJson?.from !== items) {
      const body = JSON.stringify(priceListResponseSchema.parse({ allPrices: items.map((item) => toApiPrice(item, publicUrl)) }));
      listJson = { from: items, body, etag: weakEtag(body) };
    }
    return listJson;
  }

  async function assertNoClash(trx: Db, data: PriceData, exceptId?: string) {
    const { idTaken, nameTaken } = await repository.findClashes(trx, data, exceptId);
    if (idTaken) throw conflict(`Another price already uses Id ${data.Id}`, "Id");
    if (nameTaken) throw conflict(`Another price is already named "${data.Name}"`, "Name");
  }

  async function write<T>(work: (trx: Db) => Promise<T>): Promise<T> {
    try {
      return await db.transaction().execute(work);
    } catch (error) {
      // Two admins saving the same Id or Name at once: the database's unique index decides.
      if (isUniqueViolation(error)) throw conflict("Another price already uses this Id or Name");
      throw error;
    } finally {
      await changes.publish("catalogue");
    }
  }

  return {
    /** Every item, sorted by Id numerically; served from memory until the next write (ADR 0019). */
    list: (): Promise<CatalogueItem[]> => cache.get(),

    /** Every item as an admin edits it: read from the database, never from a cache that may be behind. */
    listForEdit: async (): Promise<CatalogueItem[]> => (await repository.listAll(db)).sort(compareById),

    /** `{ allPrices }` as JSON with its ETag. */
    listJson: (): Promise<{ body: string; etag: string }> => currentListJson(),

    async create(data: PriceData): Promise<CatalogueItem> {
      const id = await write(async (trx) => {
        await assertNoClash(trx, data);
        return repository.insert(trx, data, clock().toISOString());
      });
      return (await repository.findById(db, id))!;
    },

    /** `expected`: the version the edit was read with; a newer one refuses it (409). Without it, last write wins. */
    async update(id: string, data: PriceData, expected?: number): Promise<CatalogueItem> {
      const missing = () => notFound(`No price with _id ${id}`);
      await write(async (trx) => {
        if (!(await repository.findById(trx, id))) throw missing();
        await assertNoClash(trx, data, id);
        if (!(await repository.update(trx, id, data, clock().toISOString(), expected)))
          throw unmatched((await repository.findById(trx, id)) !== undefined, missing);
      });
      return (await repository.findById(db, id))!;
    },

    async deleteByName(name: string): Promise<void> {
      await write(async (trx) => {
        if (!(await repository.deleteByName(trx, name))) throw notFound(`No price named "${name}"`);
      });
    },

    count: () => repository.count(db),
  };
}
