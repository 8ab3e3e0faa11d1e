import { PostgresAdapter, type Selectable } from "kysely";
import { randomUUID } from "node:crypto";
import type { CatalogueItem, ItemHoldings, PriceData } from "../../../domain/catalogue/catalogue";
import { nameKey } from "../../../domain/catalogue/search";
import type { Db } from "../../db/database";
import { linesWithOrders } from "../../db/order-shapes";
import type { CatalogueItemsTable } from "../../db/schema";
import { deleteRecord } from "../records";
import { nextVersion, updateAtVersion } from "../versions";

function toItem(row: Selectable<CatalogueItemsTable>, plans: Record<string, number>): CatalogueItem {
  return {
    _id: row.id,
    Id: row.item_id,
    Name: row.name,
    Info: row.info,
    ImageId: row.image_id,
    category: row.category as CatalogueItem["category"],
    status: row.status as CatalogueItem["status"],
    plans,
    Note: row.note,
    SpecialLink: row.special_link,
    version: Number(row.version),
    NameNe: row.name_ne,
    InfoNe: row.info_ne,
    NoteNe: row.note_ne,
    AutoDeliver: Number(row.auto_deliver) === 1,
    Hidden: Number(row.hidden) === 1,
    WarrantyDays: row.warranty_days === null ? null : Number(row.warranty_days),
  };
}

function columns(data: PriceData) {
  return {
    item_id: data.Id,
    name: data.Name,
    name_key: nameKey(data.Name),
    info: data.Info,
    image_id: data.ImageId,
    category: data.Category,
    status: data.Status,
    note: data.Note,
    special_link: data.SpecialLink,
    // Left out of the request: kept as stored on an edit, none on a new item (ADR 0093).
    ...(data.NameNe === undefined ? {} : { name_ne: data.NameNe }),
    ...(data.InfoNe === undefined ? {} : { info_ne: data.InfoNe }),
    ...(data.NoteNe === undefined ? {} : { note_ne: data.NoteNe }),
    ...(data.AutoDeliver === undefined ? {} : { auto_deliver: data.AutoDeliver ? 1 : 0 }),
    ...(data.WarrantyDays === undefined ? {} : { warranty_days: data.WarrantyDays }),
  };
}

export function createCatalogueRepository() {
  async function plansByItem(db: Db, ids?: string[]) {
    let query = db.selectFrom("catalogue_plans").select(["item_id", "months", "price"]).orderBy("months");
    if (ids) query = query.where("item_id", "in", ids);
    const byItem = new Map<string, Record<string, number>>();
    for (const plan of await query.execute()) {
      const plans = byItem.get(plan.item_id) ?? {};
      plans[String(plan.months)] = Number(plan.price);
      byItem.set(plan.item_id, plans);
    }
    return byItem;
  }

  async function replacePlans(db: Db, itemId: string, plans: Record<string, number>) {
    await db.deleteFrom("catalogue_plans").where("item_id", "=", itemId).execute();
    const rows = Object.entries(plans).map(([months, price]) => ({ item_id: itemId, months: Number(months), price }));
    if (rows.length > 0) await db.insertInto("catalogue_plans").values(rows).execute();
  }

  return {
    async listAll(db: Db): Promise<CatalogueItem[]> {
      const rows = await db.selectFrom("catalogue_items").selectAll().execute();
      const plans = await plansByItem(db);
      return rows.map((row) => toItem(row, plans.get(row.id) ?? {}));
    },

    async findById(db: Db, id: string): Promise<CatalogueItem | undefined> {
      const row = await db.selectFrom("catalogue_items").selectAll().where("id", "=", id).executeTakeFirst();
      if (!row) return undefined;
      return toItem(row, (await plansByItem(db, [row.id])).get(row.id) ?? {});
    },

    /** Items other than `exceptId` that already use this Id or Name. */
    async findClashes(db: Db, data: Pick<PriceData, "Id" | "Name">, exceptId?: string) {
      let query = db
        .selectFrom("catalogue_items")
        .select(["id", "item_id", "name_key"])
        .where((eb) => eb.or([eb("item_id", "=", data.Id), eb("name_key", "=", nameKey(data.Name))]));
      if (exceptId) query = query.where("id", "!=", exceptId);
      const rows = await query.execute();
      return {
        idTaken: rows.some((r) => r.item_id === data.Id),
        nameTaken: rows.some((r) => r.name_key === nameKey(data.Name)),
      };
    },

    async insert(db: Db, data: PriceData, now: string): Promise<string> {
      const id = randomUUID();
      await db
        .insertInto("catalogue_items")
        .values({ id, ...columns(data), created_at: now, updated_at: now })
        .execute();
      await replacePlans(db, id, data.plans);
      return id;
    },

    /** false when no row matched: none with `id`, or (given `expected`) not at that version any more. */
    async update(db: Db, id: string, data: PriceData, now: string, expected?: number): Promise<boolean> {
      const query = db
        .updateTable("catalogue_items")
        .set({ ...columns(data), updated_at: now, version: nextVersion })
        .where("id", "=", id);
      if (!(await updateAtVersion(query, expected))) return false;
      await replacePlans(db, id, data.plans);
      return true;
    },

    /**
     * The item with this Name, for its deletion. On PostgreSQL its row is locked until the transaction ends, so
     * keys imported or orders placed meanwhile wait for the delete (and then find the item gone).
     */
    async findForDelete(db: Db, name: string): Promise<{ id: string; itemId: string; name: string } | undefined> {
      let query = db.selectFrom("catalogue_items").select(["id", "item_id as itemId", "name"]).where("name_key", "=", nameKey(name));
      if (db.getExecutor().adapter instanceof PostgresAdapter) query = query.forUpdate();
      return query.executeTakeFirst();
    },

    delete: (db: Db, id: string): Promise<boolean> => deleteRecord(db, "catalogue_items", id),

    /** false when no row matched: none with `id`. The version moves on, as with any edit. */
    async setHidden(db: Db, id: string, hidden: boolean, now: string): Promise<boolean> {
      const result = await db
        .updateTable("catalogue_items")
        .set({ hidden: hidden ? 1 : 0, updated_at: now, version: nextVersion })
        .where("id", "=", id)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** What customers hold of these items (all when none are named), by item; items holding nothing are left out. */
    async holdings(db: Db, ids?: readonly string[]): Promise<Map<string, ItemHoldings>> {
      const list = ids && (ids.length ? [...ids] : [""]);
      let keys = db
        .selectFrom("licence_keys")
        .select((eb) => [
          "item_id as itemId",
          eb.fn.count<string | number>("delivered_at").as("delivered"),
          eb.fn.countAll<string | number>().as("total"),
        ])
        .groupBy("item_id");
      let seats = db
        .selectFrom("seat_assignments as a")
        .innerJoin("order_lines as l", "l.id", "a.line_id")
        .select((eb) => ["l.item_id as itemId", eb.fn.countAll<string | number>().as("n")])
        .where("a.ended_at", "is", null)
        .groupBy("l.item_id");
      let paid = linesWithOrders(db)
        .select((eb) => ["l.item_id as itemId", eb.fn.count<string | number>("o.id").distinct().as("n")])
        .where("o.status", "=", "paid")
        .groupBy("l.item_id");
      if (list) {
        keys = keys.where("item_id", "in", list);
        seats = seats.where("l.item_id", "in", list);
        paid = paid.where("l.item_id", "in", list);
      }
      const [keyRows, seatRows, paidRows] = await Promise.all([keys.execute(), seats.execute(), paid.execute()]);
      const held = new Map<string, ItemHoldings>();
      const of = (itemId: string) => {
        let entry = held.get(itemId);
        if (!entry) held.set(itemId, (entry = { deliveredKeys: 0, keysInStock: 0, seatsInUse: 0, paidOrders: 0 }));
        return entry;
      };
      for (const row of keyRows) {
        of(row.itemId).deliveredKeys = Number(row.delivered);
        of(row.itemId).keysInStock = Number(row.total) - Number(row.delivered);
      }
      for (const row of seatRows) if (row.itemId) of(row.itemId).seatsInUse = Number(row.n);
      for (const row of paidRows) if (row.itemId) of(row.itemId).paidOrders = Number(row.n);
      return held;
    },

    async count(db: Db): Promise<number> {
      const row = await db
        .selectFrom("catalogue_items")
        .select((eb) => eb.fn.countAll<number | string>().as("n"))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
