import { randomUUID } from "node:crypto";
import { PostgresAdapter, sql } from "kysely";
import type { ProblemEventKind, ProblemKind, ProblemStatus } from "../../../domain/problems/problems";
import type { Db } from "../../db/database";
import { ORDER_CONTACT } from "../../db/order-shapes";

export type ProblemRow = {
  id: string;
  version: number;
  orderId: string;
  reference: string;
  customerName: string | null;
  phone: string | null;
  language: string;
  lineId: string;
  lineName: string;
  itemId: string | null;
  /** What the line's warranty is worked out from (ADR 0128). */
  warrantyDays: number | null;
  startDate: string | null;
  expiryDate: string | null;
  deliveredAt: string | null;
  refunded: boolean;
  kind: ProblemKind;
  text: string;
  status: ProblemStatus;
  createdAt: string;
  updatedAt: string;
};

export type EventRow = { problemId: string; kind: ProblemEventKind; text: string; who: string; at: string };

export function createProblemsRepository() {
  const problems = (db: Db) =>
    db
      .selectFrom("problems as p")
      .innerJoin("orders as o", "o.id", "p.order_id")
      .innerJoin("order_lines as l", "l.id", "p.line_id")
      .select([
        "p.id",
        "p.version",
        "p.order_id as orderId",
        ...ORDER_CONTACT,
        "o.language",
        "p.line_id as lineId",
        "l.name as lineName",
        "l.item_id as itemId",
        "l.warranty_days as warrantyDays",
        "l.start_date as startDate",
        "l.expiry_date as expiryDate",
        "o.delivered_at as deliveredAt",
        "l.refunded_at as refundedAt",
        "p.kind",
        "p.text",
        "p.status",
        "p.created_at as createdAt",
        "p.updated_at as updatedAt",
      ]);
  const typed = (
    rows: Array<Omit<ProblemRow, "kind" | "status" | "refunded"> & { kind: string; status: string; refundedAt: string | null }>,
  ): ProblemRow[] =>
    rows.map(({ refundedAt, ...row }) => ({
      ...row,
      version: Number(row.version),
      warrantyDays: row.warrantyDays === null ? null : Number(row.warrantyDays),
      refunded: refundedAt !== null,
      kind: row.kind as ProblemKind,
      status: row.status as ProblemStatus,
    }));

  return {
    async ofOrder(db: Db, orderId: string): Promise<ProblemRow[]> {
      return typed(await problems(db).where("p.order_id", "=", orderId).orderBy("p.created_at").orderBy("p.id").execute());
    },

    async find(db: Db, id: string): Promise<ProblemRow | undefined> {
      return typed(await problems(db).where("p.id", "=", id).execute())[0];
    },

    /** Not resolved, oldest first; then those resolved since `since`, newest first. At most `limit` of each. */
    async queue(db: Db, since: string, limit: number): Promise<ProblemRow[]> {
      const [open, resolved] = await Promise.all([
        problems(db).where("p.status", "!=", "resolved").orderBy("p.created_at").orderBy("p.id").limit(limit).execute(),
        problems(db)
          .where("p.status", "=", "resolved")
          .where("p.updated_at", ">=", since)
          .orderBy("p.updated_at", "desc")
          .orderBy("p.id")
          .limit(limit)
          .execute(),
      ]);
      return typed([...open, ...resolved]);
    },

    async openCount(db: Db): Promise<number> {
      const row = await db
        .selectFrom("problems")
        .select((eb) => eb.fn.countAll<string | number>().as("n"))
        .where("status", "!=", "resolved")
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /** The order's problems not resolved, and its reports since `since` (the oldest first), for its limits. */
    async orderCounts(db: Db, orderId: string, since: string): Promise<{ open: number; recent: string[] }> {
      const rows = await db.selectFrom("problems").select(["status", "created_at"]).where("order_id", "=", orderId).execute();
      return {
        open: rows.filter((row) => row.status !== "resolved").length,
        recent: rows
          .map((row) => row.created_at)
          .filter((at) => at >= since)
          .sort(),
      };
    },

    /**
     * Holds the order for the rest of the caller's transaction: two reports of one order at once are counted
     * one after the other on PostgreSQL (SQLite runs one write at a time).
     */
    async lockOrder(db: Db, orderId: string) {
      if (db.getExecutor().adapter instanceof PostgresAdapter) await sql`select id from orders where id = ${orderId} for update`.execute(db);
    },

    async insert(db: Db, row: { id: string; orderId: string; lineId: string; kind: ProblemKind; text: string; now: string }) {
      await db
        .insertInto("problems")
        .values({
          id: row.id,
          order_id: row.orderId,
          line_id: row.lineId,
          kind: row.kind,
          text: row.text,
          status: "open",
          created_at: row.now,
          updated_at: row.now,
        })
        .execute();
    },

    /** Moves the problem on from `version` (and to `status` when given): false when it is no longer at it. */
    async bump(db: Db, id: string, version: number, now: string, status?: ProblemStatus): Promise<boolean> {
      const result = await db
        .updateTable("problems")
        .set((eb) => ({ version: eb("version", "+", 1), updated_at: now, ...(status ? { status } : {}) }))
        .where("id", "=", id)
        .where("version", "=", version)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** The next step of the problem's history. */
    async addEvent(db: Db, problemId: string, event: { kind: ProblemEventKind; text: string; who: string; at: string }) {
      const last = await db
        .selectFrom("problem_events")
        .select((eb) => eb.fn.max("position").as("position"))
        .where("problem_id", "=", problemId)
        .executeTakeFirst();
      await db
        .insertInto("problem_events")
        .values({ id: randomUUID(), problem_id: problemId, position: Number(last?.position ?? 0) + 1, ...event })
        .execute();
    },

    async events(db: Db, problemIds: readonly string[]): Promise<EventRow[]> {
      if (problemIds.length === 0) return [];
      const rows = await db
        .selectFrom("problem_events")
        .select(["problem_id as problemId", "kind", "text", "who", "at"])
        .where("problem_id", "in", problemIds)
        .orderBy("problem_id")
        .orderBy("position")
        .execute();
      return rows.map((row) => ({ ...row, kind: row.kind as ProblemEventKind }));
    },

    /** The seat each line holds now, named with its account. */
    async seats(db: Db, lineIds: readonly string[]) {
      if (lineIds.length === 0) return [];
      return db
        .selectFrom("seat_assignments as h")
        .innerJoin("account_seats as s", "s.id", "h.seat_id")
        .innerJoin("provider_accounts as a", "a.id", "s.account_id")
        .select(["h.line_id as lineId", "s.id as seatId", "s.position", "s.profile_name as profileName", "a.id as accountId", "a.service", "a.login"])
        .where("h.line_id", "in", lineIds)
        .where("h.ended_at", "is", null)
        .execute();
    },

    /** How many keys each line holds now (replaced ones left out). */
    async keyCounts(db: Db, lineIds: readonly string[]): Promise<Map<string, number>> {
      if (lineIds.length === 0) return new Map();
      const rows = await db
        .selectFrom("licence_keys")
        .select((eb) => ["line_id", eb.fn.countAll<string | number>().as("n")])
        .where("line_id", "in", lineIds)
        .where("replaced_at", "is", null)
        .groupBy("line_id")
        .execute();
      return new Map(rows.map((row) => [row.line_id!, Number(row.n)]));
    },

    /** Lines of the order whose key the seller replaced from a problem: the shopper's page shows their new key. */
    async linesWithNewKey(db: Db, reference: string): Promise<Set<string>> {
      const rows = await db
        .selectFrom("problem_events as e")
        .innerJoin("problems as p", "p.id", "e.problem_id")
        .innerJoin("orders as o", "o.id", "p.order_id")
        .select("p.line_id")
        .distinct()
        .where("o.reference", "=", reference)
        .where("e.kind", "=", "new-key")
        .execute();
      return new Set(rows.map((row) => row.line_id));
    },
  };
}
