import type { HolderMessageReason } from "../../../domain/ledger/accounts";
import type { NoticeEvent } from "../../../domain/telegram/notices";
import type { ShopperEvent, ShopperProblemNews } from "../../../domain/telegram/shopper-notices";
import type { Clock } from "../../db/clock";
import type { Db } from "../../db/database";
import { createFollowersRepository } from "./followers-repository";
import { createOutboxRepository } from "./repository";

export type { StoredNotice } from "./repository";

/**
 * The outbox (ADR 0105, ADR 0121): what happens is written as notice rows, in the transaction that makes
 * it happen, for the seller's chats and the shoppers' chats that follow the order. It only writes: the Telegram
 * bot's worker sends the rows later, reading then what a message needs (links, buttons, the bot's API). Built
 * first, on the database and the clock alone, so orders, problems, the ledger, payments and customers can use it.
 */
export function createOutbox(db: Db, clock: Clock) {
  const notices = createOutboxRepository();
  const followers = createFollowersRepository();
  const now = () => clock().toISOString();

  /** Writes `event` for every chat that follows its order, in the caller's transaction. */
  async function tellFollowers(trx: Db, event: ShopperEvent, dedupe?: string): Promise<number> {
    return notices.recordFor(trx, await followers.followersOf(trx, event.orderId), event, now(), dedupe);
  }

  /** "Your login changed" to each order of these holders once, however many of its lines changed. */
  async function tellOrdersOf(trx: Db, holders: ReadonlyArray<{ orderId: string; item: string }>, reason: HolderMessageReason): Promise<number> {
    const orders = new Map(holders.map((holder) => [holder.orderId, holder.item]));
    let told = 0;
    for (const [orderId, item] of orders) told += await tellFollowers(trx, { kind: "shopper-password", orderId, item, reason });
    return told;
  }

  return {
    /** Writes a notice of `event` for every admin chat, in the caller's transaction. */
    record: (trx: Db, event: NoticeEvent, dedupe?: string) => notices.record(trx, event, now(), dedupe),

    tellFollowers,

    /** An order a shopper may follow was paid or delivered: a notice for each chat that follows it, once. */
    orderMoved: (trx: Db, orderId: string, to: "paid" | "delivered") =>
      tellFollowers(trx, { kind: to === "paid" ? "shopper-paid" : "shopper-delivered", orderId }, `${to}:${orderId}`),

    /** The seller acted on a problem this order's shopper reported: their chats hear so (never a key or password). */
    problemNews: (trx: Db, orderId: string, what: ShopperProblemNews) => tellFollowers(trx, { kind: "shopper-problem", orderId, what }),

    /**
     * The seller recorded a new password on a provider account: every shopper holding a seat on it whose chat
     * follows that order hears so (never the password). In the caller's transaction when given one.
     */
    async tellHoldersPasswordChanged(accountId: string, trx: Db = db): Promise<number> {
      return tellOrdersOf(trx, await followers.holdersOf(trx, accountId), "password");
    },

    /** The same, to the holders of these lines, saying what changed: the password, a seat's PIN, or their account. */
    async tellLinesCredentialsChanged(lineIds: readonly string[], reason: HolderMessageReason, trx: Db = db): Promise<number> {
      return tellOrdersOf(trx, await followers.holdersOfLines(trx, lineIds), reason);
    },

    /** Of these orders, those a shopper's chat hears about. */
    followedOrders: (orders: ReadonlyArray<{ id: string; phoneKey: string | null }>) => followers.followedOrders(db, orders),

    /** Whether a shopper's chat hears about this customer: by their phone, or one of their orders. */
    followsCustomer: (phoneKey: string) => followers.followsCustomer(db, phoneKey),
  };
}
export type Outbox = ReturnType<typeof createOutbox>;

/**
 * The sending side of the outbox, for the Telegram bot alone (ADR 0121, 0123): what is due, claiming a notice or
 * a chat's held ones, holding, marking sent or not, the sweep, the failures count, and the presses of a notice's
 * buttons. On the database alone; built once in `server/services.ts`, so the bot never builds the repository.
 */
export function createOutboxQueue(db: Db) {
  const notices = createOutboxRepository();
  const onDb =
    <A extends unknown[], R>(query: (db: Db, ...args: A) => R) =>
    (...args: A) =>
      query(db, ...args);
  return {
    notice: onDb(notices.notice),
    releaseStale: onDb(notices.releaseStale),
    due: onDb(notices.due),
    claim: onDb(notices.claim),
    hold: onDb(notices.hold),
    sent: onDb(notices.sent),
    notSent: onDb(notices.notSent),
    heldDue: onDb(notices.heldDue),
    claimHeld: onDb(notices.claimHeld),
    sweep: onDb(notices.sweep),
    failedSince: onDb(notices.failedSince),
    presses: onDb(notices.presses),
    press: onDb(notices.press),
    unpress: onDb(notices.unpress),
  };
}
export type OutboxQueue = ReturnType<typeof createOutboxQueue>;
