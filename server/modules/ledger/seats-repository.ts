import { randomUUID } from "node:crypto";
import type { AccountStatus, BillingCycle } from "../../../domain/ledger/accounts";
import type { SeatHolder } from "../../../domain/ledger/schemas";
import type { SeatCandidate } from "../../../domain/ledger/seats";
import type { Db } from "../../db/database";
import { holdingsWithOrders, ORDER_CONTACT } from "../../db/order-shapes";

export type SeatRow = { id: string; accountId: string; position: number; profileName: string; pinSecret: string | null };

export type OpenAssignment = SeatHolder & { seatId: string; itemId: string | null; renewed: boolean };

/**
 * The seats of the provider accounts and who holds them: the seat rows, the open and past holdings
 * (`seat_assignments`) with the lines and orders they are held for, and the seats that could serve an item. The
 * accounts themselves are `./repository.ts`'s.
 */
export function createSeatsRepository() {
  return {
    async seatsOf(db: Db, accountIds: readonly string[]): Promise<SeatRow[]> {
      return db
        .selectFrom("account_seats")
        .select(["id", "account_id as accountId", "position", "profile_name as profileName", "pin_secret as pinSecret"])
        .where("account_id", "in", accountIds.length ? accountIds : [""])
        .orderBy("account_id")
        .orderBy("position")
        .execute();
    },

    async findSeat(db: Db, seatId: string): Promise<SeatRow | undefined> {
      return db
        .selectFrom("account_seats")
        .select(["id", "account_id as accountId", "position", "profile_name as profileName", "pin_secret as pinSecret"])
        .where("id", "=", seatId)
        .executeTakeFirst();
    },

    /** Who holds each seat now (the open assignments), with the order line they hold it for. */
    async openAssignments(
      db: Db,
      filter: { seatIds?: readonly string[]; lineId?: string; lineIds?: readonly string[] } = {},
    ): Promise<OpenAssignment[]> {
      let query = holdingsWithOrders(db)
        .select([
          "a.id as assignmentId",
          "a.seat_id as seatId",
          "a.line_id as lineId",
          "a.started_at as since",
          "l.item_id as itemId",
          "l.name as itemName",
          "l.expiry_date as expiryDate",
          "l.renewal_order_id as renewalOrderId",
          ...ORDER_CONTACT,
        ])
        .where("a.ended_at", "is", null);
      if (filter.seatIds) query = query.where("a.seat_id", "in", filter.seatIds.length ? filter.seatIds : [""]);
      if (filter.lineId) query = query.where("a.line_id", "=", filter.lineId);
      if (filter.lineIds) query = query.where("a.line_id", "in", filter.lineIds.length ? filter.lineIds : [""]);
      const rows = await query.execute();
      return rows.map(({ renewalOrderId, ...row }) => ({ ...row, renewed: renewalOrderId !== null }));
    },

    /** Every seat that could serve `itemId`, with whether it is free and how full its account is. */
    async candidates(db: Db, itemId: string): Promise<SeatCandidate[]> {
      const rows = await db
        .selectFrom("account_seats as s")
        .innerJoin("provider_accounts as a", "a.id", "s.account_id")
        .innerJoin("provider_account_items as i", (join) => join.onRef("i.account_id", "=", "a.id").on("i.item_id", "=", itemId))
        .leftJoin("seat_assignments as h", (join) => join.onRef("h.seat_id", "=", "s.id").on("h.ended_at", "is", null))
        .select([
          "s.id as seatId",
          "s.position",
          "a.id as accountId",
          "a.created_at as accountCreatedAt",
          "a.status as accountStatus",
          "a.billing_cycle as billingCycle",
          "a.renewal_date as renewalDate",
          "a.auto_renews as autoRenews",
          "h.id as holderId",
        ])
        .where("a.status", "=", "active")
        .execute();
      const used = new Map<string, number>();
      for (const row of rows) if (row.holderId) used.set(row.accountId, (used.get(row.accountId) ?? 0) + 1);
      return rows.map((row) => ({
        seatId: row.seatId,
        position: row.position,
        accountId: row.accountId,
        accountCreatedAt: row.accountCreatedAt,
        accountStatus: row.accountStatus as AccountStatus,
        billingCycle: row.billingCycle as BillingCycle,
        renewalDate: row.renewalDate,
        renews: Number(row.autoRenews) === 1,
        itemIds: [itemId],
        free: row.holderId === null,
        accountUsed: used.get(row.accountId) ?? 0,
      }));
    },

    async insertSeat(db: Db, seat: Omit<SeatRow, "id"> & { id?: string }): Promise<string> {
      const id = seat.id ?? randomUUID();
      await db
        .insertInto("account_seats")
        .values({ id, account_id: seat.accountId, position: seat.position, profile_name: seat.profileName, pin_secret: seat.pinSecret })
        .execute();
      return id;
    },

    async updateSeat(db: Db, seat: SeatRow) {
      await db
        .updateTable("account_seats")
        .set({ position: seat.position, profile_name: seat.profileName, pin_secret: seat.pinSecret })
        .where("id", "=", seat.id)
        .execute();
    },

    async deleteSeat(db: Db, seatId: string) {
      await db.deleteFrom("account_seats").where("id", "=", seatId).execute();
    },

    /** Opens a seat for a line; the unique index refuses a seat someone holds, or a line that holds one. */
    async assign(db: Db, seatId: string, lineId: string, now: string) {
      await db
        .insertInto("seat_assignments")
        .values({ id: randomUUID(), seat_id: seatId, line_id: lineId, started_at: now, ended_at: null, end_reason: null })
        .execute();
    },

    async endAssignment(db: Db, filter: { lineId: string }, reason: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable("seat_assignments")
        .set({ ended_at: now, end_reason: reason })
        .where("line_id", "=", filter.lineId)
        .where("ended_at", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /**
     * Frees every seat held by a line that ended before `cutoff` (its expiry plus the grace period) and was
     * not renewed. The number freed.
     */
    async releaseExpired(db: Db, cutoff: string, now: string): Promise<number> {
      const result = await db
        .updateTable("seat_assignments")
        .set({ ended_at: now, end_reason: "expired" })
        .where("ended_at", "is", null)
        .where("line_id", "in", (eb) =>
          eb
            .selectFrom("order_lines")
            .select("id")
            .where("expiry_date", "is not", null)
            .where("expiry_date", "<", cutoff)
            .where("renewal_order_id", "is", null),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Every holder a seat had, newest first. */
    async seatHistory(db: Db, accountId: string) {
      return holdingsWithOrders(db)
        .innerJoin("account_seats as s", "s.id", "a.seat_id")
        .select([
          "a.id",
          "s.position",
          "o.reference",
          "o.customer_name as customerName",
          "a.started_at as startedAt",
          "a.ended_at as endedAt",
          "a.end_reason as endReason",
        ])
        .where("s.account_id", "=", accountId)
        .orderBy("a.started_at", "desc")
        .limit(200)
        .execute();
    },

    /** The status of the account a seat belongs to. */
    async statusOfSeat(db: Db, seatId: string): Promise<AccountStatus | undefined> {
      const row = await db
        .selectFrom("account_seats as s")
        .innerJoin("provider_accounts as a", "a.id", "s.account_id")
        .select("a.status")
        .where("s.id", "=", seatId)
        .executeTakeFirst();
      return row?.status as AccountStatus | undefined;
    },

    /** A seat's holders, oldest first, for the audit line of its removal. */
    async holdersOfSeat(db: Db, seatId: string) {
      return holdingsWithOrders(db)
        .select(["o.reference", "a.started_at as startedAt", "a.ended_at as endedAt"])
        .where("a.seat_id", "=", seatId)
        .orderBy("a.started_at")
        .execute();
    },
  };
}
