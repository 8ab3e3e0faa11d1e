import { said, type AdminAnswer } from "../../../domain/shared/admin-answer";
import { addMonths, renewalStart } from "../../../domain/orders/dates";
import { normaliseReference, referencePattern } from "../../../domain/orders/references";
import {
  ORDER_STATUS_LABELS,
  spamMessage,
  transitionError,
  UNDELIVERED_STATUSES,
  type OrderCounts,
  type OrderStatus,
} from "../../../domain/orders/statuses";
import { shopToday } from "../../../domain/shared/shop-time";
import type { Order, OrderListQuery, OrderPage, SpamResult } from "../../../domain/orders/schemas";
import { orderPath } from "../../../domain/orders/order-page";
import type { PaidVia } from "../../../domain/payments/schemas";
import { normalisePhone } from "../../../domain/customers/customers";
import type { AdminAtWork } from "../auth/service";
import type { OrderLimitsService } from "../order-limits/service";
import type { Clock } from "../../db/clock";
import type { Db } from "../../db/database";
import { badRequest, conflict, HttpError, notFound } from "../../errors";
import { createOrdersRepository } from "./repository";
import { secretContext } from "../secrets/stored";
import { staleEdit } from "../versions";
import type { ReferralsService } from "../referrals/service";
import type { OrderLinks } from "./shared";
import { createStoredOrdersRepository, type StoredOrder } from "./stored-orders";

/** Orders the expiry sweep cancels in one transaction: a backlog is worked through a batch a sweep. */
export const EXPIRE_BATCH = 500;

export interface OrdersDependencies {
  links: Pick<OrderLinks, "openSealed">;
  /** The seller's limits on anonymous orders: the expiry of new orders. */
  orderLimits: Pick<OrderLimitsService, "get">;
  /** The ledger: the lines of undelivered orders no free seat or key is left for. */
  stock?: { waitingLines(): Promise<Set<string>> };
  /** The ledger: the carrying of a renewed line's seat over to its renewal when that is delivered. */
  seats?: { carryOver(trx: Db, pairs: ReadonlyArray<{ lineId: string; renewedLineId: string }>): Promise<void> };
  /** Runs after an order is marked paid, once that is committed: automatic delivery. Never throws. */
  afterPaid?: (reference: string) => Promise<void>;
  /** The seller's bot: what happened goes to the outbox in the transaction that made it happen. */
  notices?: {
    /** The shoppers' chats that follow the order hear that it was paid or delivered (ADR 0107). */
    orderMoved(trx: Db, orderId: string, to: "paid" | "delivered"): Promise<unknown>;
    /** Of these orders, those a shopper's chat hears about, for the admin. */
    followedOrders(orders: ReadonlyArray<{ id: string; phoneKey: string | null }>): Promise<Set<string>>;
  };
  /** A paid referred order earns its referrer's credit (ADR 0108). */
  referrals?: Pick<ReferralsService, "award">;
  /** Store credit (ADR 0127): what a cancelled order held of it is given back in the transaction that cancels it. */
  balances?: { releaseCancelled(trx: Db, orderIds: readonly string[]): Promise<void> };
  /** A paid order's bill, and the credit note of a cancelled one, in the transaction that pays or cancels it (ADR 0130). */
  bills?: { issueWithin(trx: Db, orderId: string): Promise<void>; cancelWithin(trx: Db, orderIds: readonly string[]): Promise<void> };
}

/**
 * The admin's orders: the list and one order with its shopper link, details, the status moves (delivering starts
 * the lines), a line's start date, spam and the expiry of untaken orders, the dashboard's counts, and the payment
 * hooks: a gateway's proof and automatic delivery's move to delivered.
 */
export function createOrdersService(
  db: Db,
  clock: Clock,
  { links, orderLimits, stock, seats, afterPaid, notices, referrals, balances, bills }: OrdersDependencies,
) {
  const repository = createOrdersRepository();
  const storedOrders = createStoredOrdersRepository();

  /** An order has just become paid, in `trx`: a referred one earns its referrer's credit, and it gets its bill (once each). */
  async function becamePaid(trx: Db, orderId: string) {
    await referrals?.award(trx, orderId);
    await bills?.issueWithin(trx, orderId);
  }

  /** What cancelled orders held, given back: renewed lines, coupon uses, referral credit, store credit; a paid one's bill undone. */
  async function releaseCancelled(trx: Db, orderIds: string | readonly string[]) {
    await repository.releaseCancelled(trx, orderIds);
    await balances?.releaseCancelled(trx, typeof orderIds === "string" ? [orderIds] : orderIds);
    await bills?.cancelWithin(trx, typeof orderIds === "string" ? [orderIds] : orderIds);
  }

  /** The admin's view of orders: with their shopper links, and which lines wait for stock as the ledger stands now. */
  async function presentAll(stored: StoredOrder[]): Promise<Order[]> {
    const undelivered = stored.some((order) => (UNDELIVERED_STATUSES as readonly string[]).includes(order.status));
    const [waiting, followed] = await Promise.all([
      stock && undelivered ? stock.waitingLines() : new Set<string>(),
      notices ? notices.followedOrders(stored.map((order) => ({ id: order._id, phoneKey: normalisePhone(order.phone) }))) : new Set<string>(),
    ]);
    return stored.map(({ keyHash, keySealed, contactedAt: _c, paidAt: _p, deliveredAt: _d, cancelledAt: _x, ...order }) => {
      const key = keySealed && keyHash ? links.openSealed(keySealed, secretContext.orderKey(keyHash)) : null;
      return {
        ...order,
        lines: order.lines.map((line) => ({ ...line, waitingForStock: waiting.has(line.id) })),
        shopperPath: key ? orderPath(order.reference, key) : null,
        telegramUpdates: followed.has(order._id),
      };
    });
  }

  const present = async (stored: StoredOrder): Promise<Order> => (await presentAll([stored]))[0]!;
  const today = () => shopToday(clock());

  /**
   * Starts each line of an order being delivered on `start`, a renewal where the line it renews ends when that
   * is later; a key that never expires has no end. The renewal stays on the customer's seat.
   */
  async function startLines(trx: Db, order: StoredOrder, start: string) {
    const lifetime = await repository.lifetimeItems(
      trx,
      order.lines.map((line) => line.itemId),
    );
    for (const line of order.lines) {
      const from = line.renews ? renewalStart(line.renews.expiryDate, start) : start;
      const ends = line.itemId !== null && lifetime.has(line.itemId) ? null : addMonths(from, line.months);
      await repository.setLineDates(trx, line.id, from, ends);
    }
    await seats?.carryOver(
      trx,
      order.lines.flatMap((line) => (line.renews ? [{ lineId: line.id, renewedLineId: line.renews.lineId }] : [])),
    );
  }

  async function findOrThrow(db: Db, reference: string): Promise<StoredOrder> {
    const order = await storedOrders.findByReference(db, reference);
    if (!order) throw notFound(`No order with reference ${reference}`);
    return order;
  }

  return {
    /**
     * A gateway proved this order paid, inside the payment's transaction: "paid" when it moved the
     * order on (the one transition, from a status awaiting payment), "noted" when the seller had marked it paid
     * already, "refused" when it is cancelled or otherwise past paying.
     */
    async markPaidVerified(trx: Db, orderId: string, via: PaidVia): Promise<"paid" | "noted" | "refused"> {
      const now = clock().toISOString();
      if (await repository.markPaidVia(trx, orderId, via, now)) {
        await notices?.orderMoved(trx, orderId, "paid");
        await becamePaid(trx, orderId);
        return "paid";
      }
      const row = await trx.selectFrom("orders").select(["status", "paid_via"]).where("id", "=", orderId).executeTakeFirst();
      if (row && (row.status === "paid" || row.status === "delivered")) {
        await repository.notePaidVia(trx, orderId, via, now);
        return "noted";
      }
      return "refused";
    },

    /** Store credit paid all of it, in the spend's transaction (ADR 0127): paid, as a gateway's proof makes it. */
    async markPaidFromBalance(trx: Db, orderId: string): Promise<boolean> {
      if (!(await repository.markPaidFromBalance(trx, orderId, clock().toISOString()))) return false;
      await notices?.orderMoved(trx, orderId, "paid");
      await becamePaid(trx, orderId);
      return true;
    },

    /**
     * Newest first, a page at a time. `q` is a reference (however typed) or part of a phone number (3 digits or
     * more), matched against the number's one stored form (normalisePhone), so "+977 980-…" finds "980…".
     */
    async list(query: OrderListQuery): Promise<OrderPage> {
      const q = query.q?.trim() ?? "";
      const asReference = normaliseReference(q);
      const reference = referencePattern.test(asReference) ? asReference : undefined;
      const digits = q.replace(/\D/g, "");
      const phoneDigits = digits.length >= 3 ? digits : undefined;
      // A search that can match nothing finds nothing, rather than everything.
      if (q && !reference && !phoneDigits) return { items: [], total: 0, skipped: 0, nextBefore: null };
      const filter = { status: query.status, claimed: query.claimed, reference, phoneDigits };
      let after: { createdAt: string; reference: string } | undefined;
      if (query.before) {
        const last = await storedOrders.findByReference(db, normaliseReference(query.before));
        if (!last) throw badRequest("That page of orders no longer exists", [{ field: "before", message: "Unknown order reference" }]);
        after = { createdAt: last.createdAt, reference: last.reference };
      }
      // One more than a page tells whether another page follows.
      const [rows, total, skipped] = await Promise.all([
        repository.list(db, { ...filter, after, limit: query.limit + 1 }),
        repository.count(db, filter),
        after ? repository.count(db, { ...filter, upTo: after }) : Promise.resolve(0),
      ]);
      const items = await presentAll(rows.slice(0, query.limit));
      return { items, total, skipped, nextBefore: rows.length > query.limit ? items[items.length - 1]!.reference : null };
    },

    get: async (reference: string): Promise<Order> => present(await findOrThrow(db, normaliseReference(reference))),

    /** `expected`: the version the details were read with; a newer one refuses the save (409). Without it, last write wins. */
    async updateDetails(
      reference: string,
      details: { customerName: string | null; phone: string | null; note: string },
      expected?: number,
    ): Promise<AdminAnswer<Order>> {
      const saved = await db.transaction().execute(async (trx) => {
        const order = await findOrThrow(trx, normaliseReference(reference));
        if (!(await repository.updateDetails(trx, order._id, details, clock().toISOString(), expected))) throw staleEdit();
        return findOrThrow(trx, order.reference);
      });
      return said("Order details saved", await present(saved));
    },

    /**
     * Moves the order on; delivering it starts each line's subscription on `startDate` (the shop's today by
     * default), a renewal where the line it renews ends when that is later.
     */
    async changeStatus(reference: string, to: OrderStatus, startDate?: string): Promise<AdminAnswer<Order>> {
      const changed = await db.transaction().execute(async (trx) => {
        const order = await findOrThrow(trx, normaliseReference(reference));
        const refusal = transitionError(order.status, to);
        if (refusal) throw new HttpError(409, refusal, [{ field: "status", message: refusal }]);
        const now = clock().toISOString();
        if (!(await repository.updateStatus(trx, order._id, order.status, to, now))) {
          throw conflict("Someone else changed this order just now. Reload it and try again.");
        }
        // A renewal that will not happen must not hide the line it renews from Renew and the renewals due, nor a
        // coupon that was not used count against its limit.
        if (to === "cancelled") await releaseCancelled(trx, order._id);
        if (to === "delivered") await startLines(trx, order, startDate ?? today());
        if (to === "paid" || to === "delivered") await notices?.orderMoved(trx, order._id, to);
        // Paid, or delivered without being marked paid first: referral credit and the bill (once each).
        if (to === "paid" || to === "delivered") await becamePaid(trx, order._id);
        return findOrThrow(trx, order.reference);
      });
      // Once the payment is in, automatic delivery may deliver the order, after the commit.
      if (to === "paid" && afterPaid) await afterPaid(changed.reference);
      const order = await present(to === "paid" && afterPaid ? await findOrThrow(db, changed.reference) : changed);
      return said(`Order ${order.reference} is now ${order.status}`, order);
    },

    /**
     * Moves a paid order to delivered in the caller's transaction, its lines started today as Mark delivered
     * starts them (automatic delivery); null when it is not paid (any more). Of two callers at once,
     * the conditional update lets one through: the other waits for its commit and finds the order delivered.
     */
    async deliverPaidWithin(trx: Db, reference: string): Promise<{ orderId: string; lines: StoredOrder["lines"] } | null> {
      const order = await storedOrders.findByReference(trx, normaliseReference(reference));
      if (order?.status !== "paid") return null;
      if (!(await repository.updateStatus(trx, order._id, "paid", "delivered", clock().toISOString()))) return null;
      await startLines(trx, order, today());
      await notices?.orderMoved(trx, order._id, "delivered");
      return { orderId: order._id, lines: order.lines };
    },

    /** Corrects when one delivered line started; its expiry follows (none for a key that never expires). */
    async setLineStart(reference: string, lineId: string, startDate: string): Promise<AdminAnswer<Order>> {
      const order = await present(
        await db.transaction().execute(async (trx) => {
          const order = await findOrThrow(trx, normaliseReference(reference));
          const line = order.lines.find((l) => l.id === lineId);
          if (!line) throw notFound(`Order ${order.reference} has no line ${lineId}`);
          if (order.status !== "delivered") {
            throw conflict("Start dates are set when the order is delivered", "startDate");
          }
          const lifetime = await repository.lifetimeItems(trx, [line.itemId]);
          const ends = line.itemId !== null && lifetime.has(line.itemId) ? null : addMonths(startDate, line.months);
          await repository.setLineDates(trx, line.id, startDate, ends);
          await repository.touch(trx, order._id, clock().toISOString());
          return findOrThrow(trx, order.reference);
        }),
      );
      return said("Start date saved", order);
    },

    /**
     * Cancels as expired the "new" orders older than the settings allow that nothing keeps (no "I have paid" to
     * check, no online payment under way), a batch at a time, releasing the lines they were to renew. Safe on
     * several instances at once: each order is cancelled by one statement, once. The number expired.
     */
    async expireStale(): Promise<number> {
      const { expireNewAfterHours } = await orderLimits.get();
      if (expireNewAfterHours === 0) return 0;
      const now = clock();
      const before = new Date(now.getTime() - expireNewAfterHours * 3_600_000).toISOString();
      return db.transaction().execute(async (trx) => {
        const expired = await repository.cancelAwaiting(trx, await repository.staleNew(trx, before, EXPIRE_BATCH), "expired", now.toISOString());
        await releaseCancelled(trx, expired);
        return expired.length;
      });
    },

    /**
     * The seller's bulk action: cancels as spam each of these orders that awaits payment, in one
     * transaction, releasing what they held; a paid, delivered or cancelled one is left and said why. One audit
     * line per order cancelled.
     */
    async markSpam(references: readonly string[], { admin, log }: AdminAtWork): Promise<AdminAnswer<SpamResult>> {
      const wanted = [...new Set(references.map(normaliseReference))];
      const now = clock().toISOString();
      const { found, marked } = await db.transaction().execute(async (trx) => {
        const found = await trx.selectFrom("orders").select(["id", "reference", "status"]).where("reference", "in", wanted).execute();
        const ids = await repository.cancelAwaiting(
          trx,
          found.map((row) => row.id),
          "spam",
          now,
        );
        await releaseCancelled(trx, ids);
        return { found, marked: new Set(ids) };
      });
      const byReference = new Map(found.map((row) => [row.reference, row]));
      const result: SpamResult = { marked: [], skipped: [] };
      for (const reference of wanted) {
        const row = byReference.get(reference);
        if (row && marked.has(row.id)) {
          result.marked.push(reference);
          log.info({ admin: admin.email, reference }, "order cancelled as spam");
        } else {
          const status = row?.status as OrderStatus | undefined;
          result.skipped.push({ reference, reason: status ? `It is ${ORDER_STATUS_LABELS[status].toLowerCase()}` : "No such order" });
        }
      }
      const left = result.skipped.map(({ reference, reason }) => `${reference}: ${reason.toLowerCase()}`).join("; ");
      return said(`${spamMessage(result.marked.length, result.skipped.length)}${left ? ` (${left})` : ""}`, result);
    },

    /** For the dashboard: orders per status made in the last 7 days, and renewals due in the default window. */
    async weekCounts(): Promise<OrderCounts> {
      const since = new Date(clock().getTime() - 7 * 86_400_000).toISOString();
      return repository.countByStatusSince(db, since);
    },
  };
}
export type OrdersService = ReturnType<typeof createOrdersService>;
