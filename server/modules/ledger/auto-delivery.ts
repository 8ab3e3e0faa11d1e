import { shopperActor } from "../../../domain/audit/audit";
import { normaliseReference } from "../../../domain/orders/references";
import { undeliveredReasons, type AutoDeliveryReason, type LineCredentials, type LineOutcome } from "../../../domain/ledger/auto-delivery";
import type { ShopperOrder } from "../../../domain/orders/order-page";
import type { ChangeSignals } from "../../db/change-signals";
import type { Db } from "../../db/database";
import { linesWithOrders } from "../../db/order-shapes";
import { conflict, HttpError, isUniqueViolation } from "../../errors";
import type { Actor } from "../actor";
import type { DeliveryWithParts } from "./delivery";
import type { SeatProposal } from "./seats";

/** How often a delivery looks again when another one took the seat it was proposed (the unique index said so). */
const ATTEMPTS = 3;

type PaidLine = { id: string; itemId: string | null };

export interface AutoDeliveryDependencies {
  orders: { deliverPaidWithin(trx: Db, reference: string): Promise<{ orderId: string; lines: PaidLine[] } | null> };
  shopperOrders: { forShopper(reference: string, key: string, address: string): Promise<ShopperOrder> };
  seats: {
    assignProposedWithin(trx: Db, lineId: string, grace: number): Promise<SeatProposal>;
    toolsWithin(trx: Db, itemId: string | null): Promise<{ seats: boolean; keys: boolean }>;
  };
  licenceKeys: { takeWithin(trx: Db, lineId: string, grace: number): Promise<boolean> };
  delivery: { withParts(lineId: string, actor: Actor): Promise<DeliveryWithParts> };
  /** The ledger's grace period, read before each delivery's transaction. */
  graceDays(): Promise<number>;
  /** Lines of the order the seller gave a new key from a reported problem: their page shows it too. */
  newKeyLines?(reference: string): Promise<Set<string>>;
}

/** Why the seller's Deliver could not deliver a line, in the words of the admin's own buttons. */
const SELLER_REASONS: Record<AutoDeliveryReason, string> = {
  "not-enabled": "a line's item is no longer in the catalogue",
  "no-seat": "no free seat fits a line: add an account or free a seat",
  "no-key": "no key of a line's item is in stock: import more keys",
  "no-stock-kept": "a line's item is sold from no account and no keys: deliver it from the admin",
  "other-lines": "another line could not be delivered",
};

/** Thrown inside the delivery's transaction to roll it back: not every line could be delivered. */
class Undelivered extends Error {
  constructor(readonly reasons: Map<string, AutoDeliveryReason>) {
    super("Not every line could be delivered automatically");
  }
}

/**
 * Automatic delivery: a paid order whose items are set to "Deliver automatically when paid" takes
 * the seats and keys the ledger proposes, with the checks of the admin's buttons, and becomes delivered, in one
 * transaction. Safe to call any number of times, from anywhere, at once: only a paid order with an item set so
 * is touched, and the order's conditional move from paid to delivered lets exactly one caller through.
 */
export function createAutoDelivery(
  db: Db,
  changes: ChangeSignals,
  { orders, shopperOrders, seats, licenceKeys, delivery, graceDays, newKeyLines }: AutoDeliveryDependencies,
) {
  async function enabledItems(trx: Db, itemIds: ReadonlyArray<string | null>): Promise<Set<string>> {
    const ids = itemIds.filter((id): id is string => id !== null);
    if (ids.length === 0) return new Set();
    const rows = await trx.selectFrom("catalogue_items").select("id").where("id", "in", ids).where("auto_deliver", "=", 1).execute();
    return new Set(rows.map((row) => row.id));
  }

  /** The order's lines while it is paid; none otherwise. */
  async function paidLines(reference: string): Promise<PaidLine[]> {
    return linesWithOrders(db).select(["l.id", "l.item_id as itemId"]).where("o.reference", "=", reference).where("o.status", "=", "paid").execute();
  }

  async function take(trx: Db, line: PaidLine, enabled: Set<string>, grace: number): Promise<LineOutcome> {
    if (!line.itemId || !enabled.has(line.itemId)) return { lineId: line.id, taken: false, reason: "not-enabled" };
    const tools = await seats.toolsWithin(trx, line.itemId);
    if (tools.seats) {
      try {
        await seats.assignProposedWithin(trx, line.id, grace);
        return { lineId: line.id, taken: true };
      } catch (error) {
        // No free seat fits (409, before any write); a lost race (the unique index) rolls everything back.
        if (!(error instanceof HttpError && error.statusCode === 409)) throw error;
        if (!tools.keys) return { lineId: line.id, taken: false, reason: "no-seat" };
      }
    }
    if (tools.keys)
      return (await licenceKeys.takeWithin(trx, line.id, grace))
        ? { lineId: line.id, taken: true }
        : { lineId: line.id, taken: false, reason: "no-key" };
    return { lineId: line.id, taken: false, reason: "no-stock-kept" };
  }

  /** Writes why each line waits, while the order is still paid (a seller may have delivered it meanwhile). */
  async function recordReasons(reference: string, reasons: Map<string, AutoDeliveryReason>) {
    await db.transaction().execute(async (trx) => {
      for (const [lineId, reason] of reasons) {
        await trx
          .updateTable("order_lines")
          .set({ auto_delivery_reason: reason })
          .where("id", "=", lineId)
          .where("order_id", "in", (eb) => eb.selectFrom("orders").select("id").where("reference", "=", reference).where("status", "=", "paid"))
          .execute();
      }
    });
  }

  /**
   * The one delivery of a paid order from the seats and keys the ledger proposes, all lines or none, in one
   * transaction. `seller`: the seller asked for it (the bot's Deliver): every line goes, whatever its item
   * is set to, and the lines are not marked delivered automatically (their shopper's page shows no credentials).
   */
  async function deliverProposed(reference: string, seller: boolean): Promise<"delivered" | "untouched"> {
    for (let attempt = 1; ; attempt++) {
      // Read before the transaction: on SQLite its one connection is the transaction's until it ends.
      const grace = await graceDays();
      try {
        const delivered = await db.transaction().execute(async (trx) => {
          const paid = await orders.deliverPaidWithin(trx, reference);
          if (!paid) return false;
          const itemIds = paid.lines.map(({ itemId }) => itemId);
          const enabled = seller ? new Set(itemIds.filter((id): id is string => id !== null)) : await enabledItems(trx, itemIds);
          const outcomes: LineOutcome[] = [];
          for (const line of paid.lines) outcomes.push(await take(trx, line, enabled, grace));
          const reasons = undeliveredReasons(outcomes);
          if (reasons) throw new Undelivered(reasons);
          await trx
            .updateTable("order_lines")
            .set({ auto_delivered: seller ? 0 : 1, auto_delivery_reason: null })
            .where("order_id", "=", paid.orderId)
            .execute();
          return true;
        });
        if (delivered) await changes.publish("ledger");
        return delivered ? "delivered" : "untouched";
      } catch (error) {
        // Another delivery took the seat proposed to one of the lines: everything rolled back; look again.
        if (isUniqueViolation(error) && attempt < ATTEMPTS) continue;
        throw error;
      }
    }
  }

  return {
    /**
     * Delivers a paid order automatically when every line can be: "delivered"; "waiting" when a line could not
     * (each line then says why, and nothing was taken); "untouched" when the order is not paid or none of its
     * items is set to deliver automatically.
     */
    async deliver(given: string): Promise<"delivered" | "waiting" | "untouched"> {
      const reference = normaliseReference(given);
      const itemIds = (await paidLines(reference)).map((line) => line.itemId);
      if ((await enabledItems(db, itemIds)).size === 0) return "untouched";
      try {
        return await deliverProposed(reference, false);
      } catch (error) {
        if (!(error instanceof Undelivered)) throw error;
        await recordReasons(reference, error.reasons);
        return "waiting";
      }
    },

    /**
     * The seller's one-press delivery (the bot's Deliver): a paid order's lines take the seats and keys
     * the ledger proposes, with the checks of the admin's buttons, and the order becomes delivered; all or nothing.
     * 409 when the order is not paid (any more) or a line has nothing to take, saying why.
     */
    async deliverAsSeller(given: string): Promise<void> {
      const reference = normaliseReference(given);
      let outcome: "delivered" | "untouched";
      try {
        outcome = await deliverProposed(reference, true);
      } catch (error) {
        if (!(error instanceof Undelivered)) throw error;
        const reason = [...error.reasons.values()].find((r) => r !== "other-lines") ?? "no-stock-kept";
        throw conflict(`Order ${reference} was not delivered: ${SELLER_REASONS[reason]}`);
      }
      if (outcome === "untouched") throw conflict(`Order ${reference} is not paid, or someone delivered it just now`);
    },

    /**
     * The shopper's order (the key checked as on every order page) and, for each line delivered automatically
     * (or given a new key from a problem it reported) that still holds its seat or keys, what it holds and its delivery message. Each reading is written to the
     * reveal log as the shopper's, with their address.
     */
    async shopperView(reference: string, key: string, address: string): Promise<{ order: ShopperOrder; credentials: LineCredentials[] }> {
      const order = await shopperOrders.forShopper(reference, key, address);
      if (order.status !== "delivered") return { order, credentials: [] };
      const credentials: LineCredentials[] = [];
      const newKeys = (await newKeyLines?.(order.reference)) ?? new Set<string>();
      for (const line of order.lines) {
        if (!line.deliveredAutomatically && !newKeys.has(line.id)) continue;
        let parts: DeliveryWithParts;
        try {
          parts = await delivery.withParts(line.id, { email: shopperActor(address), address: address || null });
        } catch (error) {
          // The seller freed its seat, or it ended past its grace period: nothing to show.
          if (error instanceof HttpError && error.statusCode === 409) continue;
          throw error;
        }
        const { seat, keys, message } = parts;
        credentials.push({
          lineId: line.id,
          seat: seat && {
            service: seat.service,
            login: seat.login,
            password: seat.password,
            profile: seat.profileName || null,
            position: seat.position,
            pin: seat.pin,
          },
          keys,
          message,
        });
      }
      return { order, credentials };
    },
  };
}
