import { said, type AdminAnswer } from "../../../domain/shared/admin-answer";
import {
  CATEGORY_LABELS,
  compareById,
  holdingReasons,
  itemDeleteRefusal,
  STATUS_LABELS,
  type ApiPrice,
  type CatalogueItem,
  type ItemHoldings,
  type PriceData,
} from "../../../domain/catalogue/catalogue";
import { absoluteLink } from "../../../domain/shared/links";
import { priceListResponseSchema } from "../../../domain/catalogue/schemas";
import type { Db } from "../../db/database";
import type { ChangeSignals } from "../../db/change-signals";
import type { Clock } from "../../db/clock";
import { conflict, isForeignKeyViolation, isUniqueViolation, notFound } from "../../errors";
import type { Actor } from "../actor";
import type { AuditLog } from "../audit/service";
import { weakEtag } from "../../plugins/page-cache";
import { signalledCache } from "../cache";
import { noticedWrites, refuseUnmatched } from "../records";
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

export function createCatalogueService(
  db: Db,
  clock: Clock,
  changes: ChangeSignals,
  { publicUrl, audit }: { publicUrl: string | undefined; audit: Pick<AuditLog, "record"> },
) {
  const repository = createCatalogueRepository();
  // What the shop shows and sells: items hidden from it are the admin's only (ADR 0100).
  const cache = signalledCache(changes, "catalogue", async () => (await repository.listAll(db)).filter((item) => !item.Hidden).sort(compareById));
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

  const noticedWrite = noticedWrites(db, changes, "catalogue");
  async function write<T>(work: (trx: Db) => Promise<T>): Promise<T> {
    try {
      return await noticedWrite(work);
    } catch (error) {
      // Two admins saving the same Id or Name at once: the database's unique index decides.
      if (isUniqueViolation(error)) throw conflict("Another price already uses this Id or Name");
      throw error;
    }
  }

  return {
    /** Every item the shop shows and sells, sorted by Id numerically; served from memory until the next write (ADR 0019). */
    list: (): Promise<CatalogueItem[]> => cache.get(),

    /** Every item as an admin edits it, hidden ones too: read from the database, never from a cache that may be behind. */
    listForEdit: async (): Promise<CatalogueItem[]> => (await repository.listAll(db)).sort(compareById),

    /** `{ allPrices }` as JSON with its ETag. */
    listJson: (): Promise<{ body: string; etag: string }> => currentListJson(),

    async create(data: PriceData): Promise<AdminAnswer<CatalogueItem>> {
      const id = await write(async (trx) => {
        await assertNoClash(trx, data);
        return repository.insert(trx, data, clock().toISOString());
      });
      const item = (await repository.findById(db, id))!;
      return said(`${item.Name} added`, item);
    },

    /** `expected`: the version the edit was read with; a newer one refuses it (409). Without it, last write wins. */
    async update(id: string, data: PriceData, expected?: number): Promise<AdminAnswer<CatalogueItem>> {
      const missing = () => notFound(`No price with _id ${id}`);
      await write(async (trx) => {
        if (!(await repository.findById(trx, id))) throw missing();
        await assertNoClash(trx, data, id);
        const edited = await repository.update(trx, id, data, clock().toISOString(), expected);
        await refuseUnmatched(edited, () => repository.findById(trx, id), missing);
      });
      const item = (await repository.findById(db, id))!;
      return said(`${item.Name} updated`, item);
    },

    /**
     * Deletes the item with this Name, unless customers hold something of it (keys delivered, seats in use, paid
     * orders waiting) or it has keys in stock: then 409, saying why and to hide it instead (ADR 0100). The
     * deletion is written to the audit log. Its sold lines keep their name and prices.
     */
    async deleteByName(name: string, actor: Actor): Promise<AdminAnswer> {
      try {
        await write(async (trx) => {
          const item = await repository.findForDelete(trx, name);
          if (!item) throw notFound(`No price named "${name}"`);
          const held = (await repository.holdings(trx, [item.id])).get(item.id);
          const reasons = held ? holdingReasons(held) : [];
          if (reasons.length > 0) throw conflict(itemDeleteRefusal(item.name, reasons));
          await repository.delete(trx, item.id);
          await audit.record(
            trx,
            actor,
            { kind: "deleted", what: "catalogue item deleted", label: `${item.name} (Id ${item.itemId})` },
            clock().toISOString(),
          );
        });
      } catch (error) {
        // A licence key keeps its item in the database too (migration 0019): keys that came in meanwhile.
        if (isForeignKeyViolation(error)) throw conflict(itemDeleteRefusal(name, ["it has licence keys"]));
        throw error;
      }
      return said(`${name} deleted`);
    },

    /**
     * Hides the item from the shop (retires it: no longer listed, found or sold; Renew is not offered) or shows it
     * again. Its orders, keys, seats and accounts stay. Written to the audit log.
     */
    async setHidden(id: string, hidden: boolean, actor: Actor): Promise<AdminAnswer<CatalogueItem>> {
      await write(async (trx) => {
        const item = await repository.findById(trx, id);
        if (!item) throw notFound(`No price with _id ${id}`);
        if (item.Hidden === hidden) return;
        await repository.setHidden(trx, id, hidden, clock().toISOString());
        await audit.record(
          trx,
          actor,
          {
            kind: hidden ? "retired" : "restored",
            what: hidden ? "catalogue item hidden from the shop" : "catalogue item shown in the shop again",
            label: `${item.Name} (Id ${item.Id})`,
          },
          clock().toISOString(),
        );
      });
      const item = (await repository.findById(db, id))!;
      return said(item.Hidden ? `${item.Name} is hidden from the shop; its orders, keys and seats stay` : `${item.Name} is back in the shop`, item);
    },

    /** What customers hold of each item (those holding nothing are left out), for the admin's Delete. */
    holdings: (): Promise<Map<string, ItemHoldings>> => repository.holdings(db),

    count: () => repository.count(db),
  };
}
