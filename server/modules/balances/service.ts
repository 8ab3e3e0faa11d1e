import { said, type AdminAnswer } from "../../../domain/shared/admin-answer";
import { shopperActor } from "../../../domain/audit/audit";
import { normalisePhone } from "../../../domain/customers/customers";
import { AWAITING_PAYMENT_STATUSES } from "../../../domain/orders/statuses";
import { normaliseReference } from "../../../domain/orders/references";
import type { AddCreditInput, AdminBalanceStatement, BalanceSpend } from "../../../domain/balances/schemas";
import { formatNpr } from "../../../domain/shared/money";
import type { Clock } from "../../db/clock";
import type { Db } from "../../db/database";
import { conflict, notFound } from "../../errors";
import type { Actor } from "../actor";
import type { AuditLog } from "../audit/service";
import { NO_SUCH_ORDER } from "../orders/shared";
import type { BalanceBook } from "./book";

/** An attempt started this recently may still be paid on its gateway for the order's old total. */
const PAYMENT_UNDER_WAY_MS = 2 * 60 * 60 * 1000;

export interface StoreCreditDependencies {
  book: BalanceBook;
  /** The customer a customer link's key names (ADR 0104): the only proof a shopper is who may spend their balance. */
  customers: { phoneOfKey(key: string, address: string): Promise<string> };
  /** Marks an order paid in full from store credit, in the spend's transaction. */
  orders: { markPaidFromBalance(trx: Db, orderId: string): Promise<boolean> };
  /** Runs once an order paid from store credit is committed: automatic delivery. */
  afterPaid?: (reference: string) => Promise<void>;
  audit: Pick<AuditLog, "record">;
}

/**
 * Store credit's use cases (ADR 0127): the seller's Add credit, an order paid fully or partly from its customer's
 * balance (by the seller, or by the shopper from their customer link, never from a phone typed), and the statements.
 */
export function createStoreCreditService(db: Db, clock: Clock, { book, customers, orders, afterPaid, audit }: StoreCreditDependencies) {
  const now = () => clock().toISOString();

  /** The customer a phone names (however written), who must have placed an order with it (ADR 0086). */
  async function customerOf(phone: string): Promise<string> {
    const key = normalisePhone(phone);
    const known = key && (await db.selectFrom("orders").select("id").where("phone_key", "=", key).limit(1).executeTakeFirst());
    if (!key || !known) throw notFound(`No customer with the phone ${phone}: customers are the phones on orders`);
    return key;
  }

  /**
   * Takes what the balance has, up to what is left to pay, off an order of the customer's awaiting payment, once;
   * pays the order when that covers it all. `phone`: the customer the shopper proved to be (their link's key);
   * another customer's order is the same 404 as no order.
   */
  async function spendOnOrder(reference: string, spender: { phone?: string; actor: string }): Promise<BalanceSpend & { reference: string }> {
    const spent = await db.transaction().execute(async (trx) => {
      const order = await trx
        .selectFrom("orders")
        .select(["id", "reference", "phone_key", "status", "total", "balance_paid"])
        .where("reference", "=", normaliseReference(reference))
        .executeTakeFirst();
      if (!order || (spender.phone !== undefined && order.phone_key !== spender.phone)) throw notFound(NO_SUCH_ORDER);
      if (!order.phone_key) throw conflict("This order has no phone, so no customer's store credit can pay it");
      if (!(AWAITING_PAYMENT_STATUSES as readonly string[]).includes(order.status)) {
        throw conflict(order.status === "cancelled" ? "This order is cancelled" : "This order is paid already");
      }
      if (Number(order.balance_paid) > 0) throw conflict("Store credit already paid part of this order");
      const since = new Date(clock().getTime() - PAYMENT_UNDER_WAY_MS).toISOString();
      const underWay = await trx
        .selectFrom("payments")
        .select("id")
        .where("order_id", "=", order.id)
        .where((eb) => eb.or([eb("status", "=", "pending"), eb.and([eb("status", "=", "started"), eb("created_at", ">=", since)])]))
        .executeTakeFirst();
      // Paid on the gateway for the whole total, and from the balance too, the shopper would pay twice.
      if (underWay) throw conflict("A payment of this order is under way online: finish it, or wait two hours to use store credit instead");
      const taken = await book.takeUpTo(trx, order.phone_key, Number(order.total), {
        kind: "spend",
        orderId: order.id,
        actor: spender.actor,
        dedupe: `spend:${order.id}`,
      });
      if (!taken) throw conflict("There is no store credit to use");
      const left = Number(order.total) - taken;
      const moved = await trx
        .updateTable("orders")
        .set({ balance_paid: taken, total: left, updated_at: now(), version: (eb) => eb("version", "+", 1) })
        .where("id", "=", order.id)
        .where("balance_paid", "=", 0)
        .where("status", "in", AWAITING_PAYMENT_STATUSES)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) throw conflict("Someone else changed this order just now. Reload it and try again.");
      const paid = left === 0 && (await orders.markPaidFromBalance(trx, order.id));
      return { reference: order.reference, spent: taken, paid, balance: await book.balanceOf(trx, order.phone_key) };
    });
    if (spent.paid) await afterPaid?.(spent.reference);
    return spent;
  }

  return {
    /** The customer's balance and movements, for the admin. */
    async statement(phone: string): Promise<AdminBalanceStatement> {
      return book.statement(db, await customerOf(phone));
    },

    balanceOf: async (phoneKey: string): Promise<number> => book.balanceOf(db, phoneKey),

    /** The seller's "Add credit": the reason is the customer's to read; the audit log keeps who gave it. */
    async addCredit(phone: string, input: AddCreditInput, actor: Actor): Promise<AdminAnswer<AdminBalanceStatement>> {
      const customer = await customerOf(phone);
      await db.transaction().execute(async (trx) => {
        await book.move(trx, customer, { amount: input.amount, kind: "credit", reason: input.reason, actor: actor.email });
        await audit.record(trx, actor, { kind: "credit", what: `NPR ${formatNpr(input.amount)}`, label: `${customer}: ${input.reason}` }, now());
      });
      return said(`NPR ${formatNpr(input.amount)} of store credit added`, await book.statement(db, customer));
    },

    /** The seller uses the customer's store credit on their order awaiting payment. */
    async spendForCustomer(reference: string, actor: Actor): Promise<AdminAnswer<BalanceSpend>> {
      const { reference: paidReference, ...spend } = await spendOnOrder(reference, { actor: actor.email });
      return said(
        spend.paid
          ? `NPR ${formatNpr(spend.spent)} of store credit paid ${paidReference} in full`
          : `NPR ${formatNpr(spend.spent)} of store credit taken off ${paidReference}`,
        spend,
      );
    },

    /** The shopper, from their customer link (its key proves who they are), pays an order of theirs from their balance. */
    async spendFromLink(key: string, reference: string, address: string): Promise<BalanceSpend> {
      const phone = await customers.phoneOfKey(key, address);
      const { reference: _reference, ...spend } = await spendOnOrder(reference, { phone, actor: shopperActor(address) });
      return spend;
    },
  };
}
