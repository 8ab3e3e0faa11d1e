import { said, type AdminAnswer } from "../../../domain/shared/admin-answer";
import { shopperActor } from "../../../domain/audit/audit";
import { normalisePhone } from "../../../domain/customers/customers";
import { AWAITING_PAYMENT_STATUSES } from "../../../domain/orders/statuses";
import { normaliseReference } from "../../../domain/orders/references";
import type { AddCreditInput, AdminBalanceStatement, BalanceSpend } from "../../../domain/balances/schemas";
import { formatNpr } from "../../../domain/shared/money";
import type { Clock } from "../../db/clock";
import type { Db } from "../../db/database";
import { conflict, HttpError, notFound } from "../../errors";
import type { Actor } from "../actor";
import type { AuditLog } from "../audit/service";
import { NO_SUCH_ORDER } from "../orders/shared";
import type { BalanceBook } from "./book";
import { AUTO_RENEW_CATCH_UP_DAYS, SHOP_ACTOR } from "../../../domain/balances/balances";
import type { ShopperEvent } from "../../../domain/telegram/shopper-notices";
import { addDays, shopToday } from "../../../domain/ledger/settings";
import type { StoreCreditSettingsService } from "./settings";
import type { PlacedRenewal, RenewalsService } from "../orders/renewals";

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
  /** The seller's settings of store credit: when lines renew themselves. */
  settings: Pick<StoreCreditSettingsService, "get">;
  /** A line renewed and paid in one transaction (the automatic renewal). */
  renewals: Pick<RenewalsService, "renewPaid">;
  /** The shoppers' chats that follow an order (ADR 0107): told of an automatic renewal, or of credit short of one. */
  notices?: { tellFollowers(trx: Db, event: ShopperEvent, dedupe?: string): Promise<number> };
}

/**
 * Store credit's use cases (ADR 0127): the seller's Add credit, an order paid fully or partly from its customer's
 * balance (by the seller, or by the shopper from their customer link, never from a phone typed), and the statements.
 */
export function createStoreCreditService(db: Db, clock: Clock, deps: StoreCreditDependencies) {
  const { book, customers, orders, afterPaid, audit, renewals, notices } = deps;
  const now = () => clock().toISOString();

  /** Pays a renewal just placed from its customer's store credit, all of it, in the renewal's transaction; false when short. */
  async function payInFull(trx: Db, renewal: PlacedRenewal): Promise<boolean> {
    if (!renewal.phoneKey) return false;
    const taken = await book.takeUpTo(trx, renewal.phoneKey, renewal.total, {
      kind: "spend",
      orderId: renewal.orderId,
      actor: SHOP_ACTOR,
      reason: "Renewed automatically",
      dedupe: `spend:${renewal.orderId}`,
    });
    // Less than all of it: the transaction rolls back, the partial take with it.
    if (taken !== renewal.total) return false;
    await trx.updateTable("orders").set({ balance_paid: taken, total: 0 }).where("id", "=", renewal.orderId).execute();
    if (!(await orders.markPaidFromBalance(trx, renewal.orderId))) return false;
    await notices?.tellFollowers(
      trx,
      {
        kind: "shopper-auto-renewed",
        orderId: renewal.renews.orderId,
        lineId: renewal.renews.lineId,
        name: renewal.renews.name,
        reference: renewal.reference,
        amount: taken,
      },
      `auto-renewed:${renewal.renews.lineId}`,
    );
    return true;
  }

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
    /**
     * The shopper's "Renew automatically from my store credit" for one subscription of theirs, from their customer link
     * (its key proves who they are). A line of another customer, not delivered or already renewed, is the same 404.
     */
    async setAutoRenew(key: string, lineId: string, on: boolean, address: string): Promise<{ autoRenew: boolean }> {
      const phone = await customers.phoneOfKey(key, address);
      const result = await db
        .updateTable("order_lines")
        .set({ auto_renew: on ? 1 : 0 })
        .where("id", "=", lineId)
        .where("renewal_order_id", "is", null)
        .where("expiry_date", "is not", null)
        .where("order_id", "in", (eb) => eb.selectFrom("orders").select("id").where("phone_key", "=", phone).where("status", "=", "delivered"))
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) throw notFound("No such subscription of yours to renew");
      return { autoRenew: on };
    },

    /**
     * The job (ADR 0120: once across instances): each line set to renew itself, ending within the days the seller set
     * (or ended a few days ago, while nothing ran), not renewed yet, is renewed on its seat and paid from its customer's
     * store credit in one transaction, then delivered. A line whose credit is short is left for its reminder, which says
     * by how much (once per end date). Renewing marks the line, so a second run, instance or restart renews nothing twice.
     */
    async autoRenewDue(): Promise<{ renewed: string[]; short: number }> {
      const settings = await deps.settings.get();
      const today = shopToday(clock());
      const due = await db
        .selectFrom("order_lines as l")
        .innerJoin("orders as o", "o.id", "l.order_id")
        .select(["l.id", "l.name", "l.expiry_date", "o.id as orderId", "o.phone_key"])
        .where("l.auto_renew", "=", 1)
        .where("l.renewal_order_id", "is", null)
        .where("l.refunded_at", "is", null)
        .where("o.status", "=", "delivered")
        .where("l.expiry_date", ">=", addDays(today, -AUTO_RENEW_CATCH_UP_DAYS))
        .where("l.expiry_date", "<=", addDays(today, settings.autoRenewDays))
        .orderBy("l.expiry_date")
        .execute();
      const renewed: string[] = [];
      let short = 0;
      for (const line of due) {
        let renewal: { reference: string | null; total: number };
        try {
          renewal = await renewals.renewPaid(line.id, payInFull);
        } catch (error) {
          // Renewed by hand meanwhile, or its plan no longer sold: the seller's renewals screen shows it.
          if (error instanceof HttpError && error.statusCode === 409) continue;
          throw error;
        }
        if (renewal.reference) {
          renewed.push(renewal.reference);
          await afterPaid?.(renewal.reference);
          continue;
        }
        short++;
        if (!line.phone_key || !notices) continue;
        const balance = await book.balanceOf(db, line.phone_key);
        await db.transaction().execute((trx) =>
          notices.tellFollowers(
            trx,
            {
              kind: "shopper-renewal",
              orderId: line.orderId,
              lineId: line.id,
              name: line.name,
              expiryDate: line.expiry_date!,
              shortBy: renewal.total - balance,
            },
            `auto-renew-short:${line.id}:${line.expiry_date}`,
          ),
        );
      }
      return { renewed, short };
    },

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
