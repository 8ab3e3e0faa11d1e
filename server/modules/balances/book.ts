import { randomUUID } from "node:crypto";
import { readBalanceKind, SHOP_ACTOR, type BalanceKind } from "../../../domain/balances/balances";
import type { AdminBalanceStatement } from "../../../domain/balances/schemas";
import type { Clock } from "../../db/clock";
import type { Db } from "../../db/database";
import { conflict } from "../../errors";

export type Movement = {
  /** Positive adds to the balance, negative takes from it. */
  amount: number;
  kind: BalanceKind;
  reason?: string;
  orderId?: string | null;
  /** The admin's e-mail, "shopper at <address>" or SHOP_ACTOR. */
  actor: string;
  /** What happens once ("referral:<order>"): a second movement with it is nothing. */
  dedupe?: string;
};

/**
 * The book of store credit (ADR 0127): every movement of a customer's balance is a row with the running balance after
 * it, written in the caller's transaction with what caused it. A customer's movements are taken one at a time: each
 * first locks the customer's row of `balance_accounts` (on PostgreSQL the update waits for the other's commit; SQLite
 * writes one transaction at a time), so the running balance read next is the latest and never goes below zero.
 */
export function createBalanceBook(clock: Clock) {
  /** Locks the customer's row (made on their first movement); answers the balance and the last movement's number. */
  async function lock(trx: Db, phone: string): Promise<{ balance: number; seq: number }> {
    await trx
      .insertInto("balance_accounts")
      .values({ phone, movements: 0, created_at: clock().toISOString() })
      .onConflict((oc) => oc.column("phone").doNothing())
      .execute();
    const account = await trx
      .updateTable("balance_accounts")
      .set({ movements: (eb) => eb.ref("movements") })
      .where("phone", "=", phone)
      .returning("movements")
      .executeTakeFirstOrThrow();
    const seq = Number(account.movements);
    if (seq === 0) return { balance: 0, seq };
    const last = await trx
      .selectFrom("balance_movements")
      .select("balance_after")
      .where("phone", "=", phone)
      .where("seq", "=", seq)
      .executeTakeFirstOrThrow();
    return { balance: Number(last.balance_after), seq };
  }

  async function write(trx: Db, phone: string, movement: Movement, at: { balance: number; seq: number }) {
    const seq = at.seq + 1;
    const balanceAfter = at.balance + movement.amount;
    await trx
      .insertInto("balance_movements")
      .values({
        id: randomUUID(),
        phone,
        seq,
        amount: movement.amount,
        balance_after: balanceAfter,
        kind: movement.kind,
        order_id: movement.orderId ?? null,
        reason: movement.reason ?? "",
        actor: movement.actor,
        dedupe: movement.dedupe ?? null,
        created_at: clock().toISOString(),
      })
      .execute();
    await trx.updateTable("balance_accounts").set({ movements: seq }).where("phone", "=", phone).execute();
    return balanceAfter;
  }

  const happened = async (trx: Db, dedupe: string | undefined) =>
    dedupe !== undefined && (await trx.selectFrom("balance_movements").select("id").where("dedupe", "=", dedupe).executeTakeFirst()) !== undefined;

  return {
    /**
     * Adds `amount` (positive) or takes it (negative, refused with 409 when the balance is short). Null when its
     * `dedupe` happened already; else the balance after it.
     */
    async move(trx: Db, phone: string, movement: Movement): Promise<number | null> {
      const at = await lock(trx, phone);
      if (await happened(trx, movement.dedupe)) return null;
      if (at.balance + movement.amount < 0) throw conflict(`The store credit is NPR ${at.balance}, less than NPR ${-movement.amount}`);
      return write(trx, phone, movement, at);
    },

    /**
     * Takes up to `wanted` (positive) from the balance: as much of it as there is. Null when nothing was taken (an
     * empty balance, or its `dedupe` happened); else what was taken.
     */
    async takeUpTo(trx: Db, phone: string, wanted: number, movement: Omit<Movement, "amount">): Promise<number | null> {
      const at = await lock(trx, phone);
      if (await happened(trx, movement.dedupe)) return null;
      const taken = Math.min(wanted, at.balance);
      if (taken <= 0) return null;
      await write(trx, phone, { ...movement, amount: -taken }, at);
      return taken;
    },

    /** The balance now, the sum of the customer's movements; 0 for a customer who has none. */
    async balanceOf(db: Db, phone: string): Promise<number> {
      const last = await db
        .selectFrom("balance_movements")
        .select("balance_after")
        .where("phone", "=", phone)
        .orderBy("seq", "desc")
        .limit(1)
        .executeTakeFirst();
      return last ? Number(last.balance_after) : 0;
    },

    /** The balance and its latest movements, newest first, with the order each names. */
    async statement(db: Db, phone: string, limit = 50): Promise<AdminBalanceStatement> {
      const rows = await db
        .selectFrom("balance_movements as m")
        .leftJoin("orders as o", "o.id", "m.order_id")
        .select(["m.seq", "m.amount", "m.balance_after", "m.kind", "m.reason", "m.actor", "m.created_at", "o.reference"])
        .where("m.phone", "=", phone)
        .orderBy("m.seq", "desc")
        .limit(limit)
        .execute();
      return {
        balance: rows[0] ? Number(rows[0].balance_after) : 0,
        movements: rows.map((row) => ({
          seq: Number(row.seq),
          amount: Number(row.amount),
          balanceAfter: Number(row.balance_after),
          kind: readBalanceKind(row.kind),
          reference: row.reference,
          reason: row.reason,
          actor: row.actor,
          at: row.created_at,
        })),
      };
    },

    /**
     * What these cancelled orders held of store credit, given back in the transaction that cancels them: what the
     * shopper paid from their balance returns to it, and the referral credit an order earned is taken back (as much
     * of it as is left: a balance never goes below zero). Once per order, however often it is called.
     */
    async releaseCancelled(trx: Db, orderIds: readonly string[]): Promise<void> {
      if (orderIds.length === 0) return;
      const spent = await trx
        .selectFrom("orders")
        .select(["id", "phone_key", "balance_paid"])
        .where("id", "in", orderIds)
        .where("balance_paid", ">", 0)
        .execute();
      for (const order of spent) {
        if (!order.phone_key) continue;
        await this.move(trx, order.phone_key, {
          amount: Number(order.balance_paid),
          kind: "returned",
          orderId: order.id,
          actor: SHOP_ACTOR,
          dedupe: `returned:${order.id}`,
        });
      }
      const earned = await trx
        .selectFrom("balance_movements")
        .select(["phone", "amount", "order_id"])
        .where("kind", "=", "referral")
        .where("order_id", "in", orderIds)
        .execute();
      for (const credit of earned) {
        await this.takeUpTo(trx, credit.phone, Number(credit.amount), {
          kind: "taken-back",
          orderId: credit.order_id,
          actor: SHOP_ACTOR,
          dedupe: `taken-back:${credit.order_id}`,
        });
      }
    },
  };
}
export type BalanceBook = ReturnType<typeof createBalanceBook>;
