import type { Db } from "../../db/database";

/** Seats held now, with the order of the line holding each and the service of its account. */
const heldSeats = (db: Db) =>
  db
    .selectFrom("seat_assignments as sa")
    .innerJoin("account_seats as s", "s.id", "sa.seat_id")
    .innerJoin("provider_accounts as a", "a.id", "s.account_id")
    .innerJoin("order_lines as l", "l.id", "sa.line_id")
    .select(["l.order_id as orderId", "l.name as item"])
    .where("sa.ended_at", "is", null);

/**
 * Who hears of what (ADR 0107): the shoppers' chats that follow an order (by its own link or its customer's), and
 * the holders of seats to tell when a login changes. Read where notices are written, in the writer's transaction.
 */
export function createFollowersRepository() {
  return {
    /** The chats that hear about an order: tied to it, or to its customer's phone. */
    async followersOf(db: Db, orderId: string): Promise<string[]> {
      const rows = await db
        .selectFrom("telegram_follows as f")
        .select("f.chat_id")
        .distinct()
        .where((eb) =>
          eb.or([
            eb("f.order_id", "=", orderId),
            eb("f.phone", "in", eb.selectFrom("orders").select("phone_key").where("id", "=", orderId).where("phone_key", "is not", null)),
          ]),
        )
        .execute();
      return rows.map((row) => row.chat_id);
    },

    /** Of these orders, those a shopper's chat hears about. */
    async followedOrders(db: Db, orders: ReadonlyArray<{ id: string; phoneKey: string | null }>): Promise<Set<string>> {
      if (orders.length === 0) return new Set();
      const phones = [...new Set(orders.map((order) => order.phoneKey).filter((phone): phone is string => phone !== null))];
      const rows = await db
        .selectFrom("telegram_follows")
        .select(["order_id", "phone"])
        .where((eb) =>
          eb.or([
            eb(
              "order_id",
              "in",
              orders.map((order) => order.id),
            ),
            ...(phones.length ? [eb("phone", "in", phones)] : []),
          ]),
        )
        .execute();
      const ids = new Set(rows.map((row) => row.order_id));
      const byPhone = new Set(rows.map((row) => row.phone));
      return new Set(
        orders.filter((order) => ids.has(order.id) || (order.phoneKey !== null && byPhone.has(order.phoneKey))).map((order) => order.id),
      );
    },

    /** Whether a shopper's chat hears about this customer: by their phone, or one of their orders. */
    async followsCustomer(db: Db, phoneKey: string): Promise<boolean> {
      const row = await db
        .selectFrom("telegram_follows")
        .select("id")
        .where((eb) =>
          eb.or([eb("phone", "=", phoneKey), eb("order_id", "in", eb.selectFrom("orders").select("id").where("phone_key", "=", phoneKey))]),
        )
        .limit(1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The lines holding a seat of this provider account now, with what each shopper bought. */
    async holdersOf(db: Db, accountId: string) {
      return heldSeats(db).where("s.account_id", "=", accountId).execute();
    },

    /** The orders of these lines, with what each shopper bought. */
    async holdersOfLines(db: Db, lineIds: readonly string[]) {
      if (!lineIds.length) return [];
      return heldSeats(db)
        .where("sa.line_id", "in", [...lineIds])
        .execute();
    },
  };
}
