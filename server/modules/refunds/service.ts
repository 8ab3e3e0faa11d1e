import { randomUUID } from "node:crypto";
import { said, type AdminAnswer } from "../../../domain/shared/admin-answer";
import { linePaid, proRataRefund, type RefundDestination } from "../../../domain/refunds/refunds";
import type { RefundPreview } from "../../../domain/refunds/schemas";
import { normaliseReference } from "../../../domain/orders/references";
import { formatNpr } from "../../../domain/shared/money";
import { shopToday } from "../../../domain/shared/shop-time";
import type { Clock } from "../../db/clock";
import type { Db } from "../../db/database";
import { conflict, isUniqueViolation, notFound } from "../../errors";
import type { Actor } from "../actor";
import type { BalanceBook } from "../balances/book";

export interface RefundsDependencies {
  book: Pick<BalanceBook, "move">;
  /** The gateway that took the order's payment, and its refund (Khalti's API). */
  payments: { refundableVia(orderId: string): Promise<"khalti" | null>; refundOnGateway(orderId: string, amount: number): Promise<string> };
  /** The seat a refunded line held is freed with it. */
  seats: { freeWithin(trx: Db, lineId: string, reason: string): Promise<boolean>; changed(): Promise<void> };
  /** The refund's credit note against the order's bill, in the refund's transaction (ADR 0130). */
  bills?: { creditNoteWithin(trx: Db, orderId: string, note: { cause: string; reason: string; amount: number }): Promise<void> };
}

type RefundableLine = {
  orderId: string;
  reference: string;
  phoneKey: string | null;
  lineId: string;
  name: string;
  amount: number;
  daysLeft: number;
  days: number;
};

/**
 * Refunds (ADR 0127): a delivered line nothing can replace is refunded for its days left at what it was paid, once, to
 * the gateway that took the payment (Khalti's refund API) or to the customer's store credit; the line ends that day and
 * its seat is freed, and the refund counts in the month it was made.
 */
export function createRefundsService(db: Db, clock: Clock, { book, payments, seats, bills }: RefundsDependencies) {
  const today = () => shopToday(clock());

  async function refundable(trx: Db, reference: string, lineId: string): Promise<RefundableLine> {
    const order = await trx
      .selectFrom("orders")
      .select(["id", "reference", "status", "phone_key", "total", "balance_paid"])
      .where("reference", "=", normaliseReference(reference))
      .executeTakeFirst();
    if (!order) throw notFound(`No order with reference ${reference}`);
    const lines = await trx
      .selectFrom("order_lines")
      .select(["id", "name", "line_total", "start_date", "expiry_date", "refunded_at"])
      .where("order_id", "=", order.id)
      .execute();
    const line = lines.find((l) => l.id === lineId);
    if (!line) throw notFound(`Order ${order.reference} has no line ${lineId}`);
    if (order.status !== "delivered") throw conflict("Only a delivered line is refunded; cancel an order not delivered yet");
    if (line.refunded_at) throw conflict(`This ${line.name} line of ${order.reference} is refunded already`);
    if (!line.start_date || !line.expiry_date) throw conflict("This line has no end, so no days left to refund");
    const paid = linePaid(
      Number(line.line_total),
      lines.reduce((sum, l) => sum + Number(l.line_total), 0),
      Number(order.total) + Number(order.balance_paid),
    );
    const { amount, daysLeft, days } = proRataRefund({ paid, startDate: line.start_date, expiryDate: line.expiry_date }, today());
    return { orderId: order.id, reference: order.reference, phoneKey: order.phone_key, lineId, name: line.name, amount, daysLeft, days };
  }

  /** Ends the line today, frees its seat, and (to credit) adds the refund to the customer's store credit. */
  async function settle(trx: Db, line: RefundableLine, destination: RefundDestination, actor: Actor) {
    const now = clock().toISOString();
    await trx.updateTable("order_lines").set({ refunded_at: now, expiry_date: today(), auto_renew: 0 }).where("id", "=", line.lineId).execute();
    await seats.freeWithin(trx, line.lineId, "refunded");
    await bills?.creditNoteWithin(trx, line.orderId, {
      cause: `refund:${line.lineId}`,
      reason: `Refund of ${line.name}: ${line.daysLeft} of ${line.days} days`,
      amount: line.amount,
    });
    if (destination === "credit") {
      await book.move(trx, line.phoneKey!, {
        amount: line.amount,
        kind: "refund",
        orderId: line.orderId,
        reason: `${line.name}: ${line.daysLeft} days left`,
        actor: actor.email,
        dedupe: `refund:${line.lineId}`,
      });
    }
  }

  return {
    /** What refunding the line would give back (shown before confirming), and where it can go. */
    async preview(reference: string, lineId: string): Promise<RefundPreview> {
      const line = await refundable(db, reference, lineId);
      const gateway = await payments.refundableVia(line.orderId);
      return {
        amount: line.amount,
        daysLeft: line.daysLeft,
        days: line.days,
        destinations: [...(line.phoneKey ? (["credit"] as const) : []), ...(gateway ? [gateway] : [])],
      };
    },

    async refund(reference: string, lineId: string, destination: RefundDestination, actor: Actor): Promise<AdminAnswer<RefundPreview>> {
      const claimed = await db
        .transaction()
        .execute(async (trx) => {
          const line = await refundable(trx, reference, lineId);
          if (line.amount <= 0) throw conflict("This line has no days left to refund");
          if (destination === "credit" && !line.phoneKey) throw conflict("This order has no phone, so no customer's store credit to refund to");
          // The line is claimed first, once (its refund row is unique): two refunds at once give back one.
          await trx
            .insertInto("refunds")
            .values({
              id: randomUUID(),
              order_id: line.orderId,
              line_id: line.lineId,
              amount: line.amount,
              destination,
              transaction_id: null,
              actor: actor.email,
              created_at: clock().toISOString(),
            })
            .execute();
          if (destination === "credit") await settle(trx, line, destination, actor);
          return line;
        })
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) throw conflict("This line was refunded just now by someone else");
          throw error;
        });
      if (destination !== "credit") {
        let transactionId: string;
        try {
          transactionId = await payments.refundOnGateway(claimed.orderId, claimed.amount);
        } catch (error) {
          // Not refunded: the claim goes, and the line is as it was.
          await db.deleteFrom("refunds").where("line_id", "=", claimed.lineId).execute();
          throw error;
        }
        await db.transaction().execute(async (trx) => {
          await trx.updateTable("refunds").set({ transaction_id: transactionId }).where("line_id", "=", claimed.lineId).execute();
          await settle(trx, claimed, destination, actor);
        });
      }
      await seats.changed();
      const where = destination === "credit" ? "to the customer's store credit" : "on Khalti";
      return said(`NPR ${formatNpr(claimed.amount)} refunded ${where}; the line has ended`, {
        amount: claimed.amount,
        daysLeft: claimed.daysLeft,
        days: claimed.days,
        destinations: [],
      });
    },
  };
}

export type RefundsService = ReturnType<typeof createRefundsService>;
