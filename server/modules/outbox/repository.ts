import { randomUUID } from "node:crypto";
import type { Selectable } from "kysely";
import type { NoticeAction, NoticeEvent, Press } from "../../../domain/telegram/notices";
import type { ShopperEvent } from "../../../domain/telegram/shopper-notices";
import type { Db } from "../../db/database";
import { shortId } from "../../db/short-id";
import type { NoticesTable } from "../../db/schema";

export type StoredNotice = {
  id: string;
  chatId: string;
  event: NoticeEvent | ShopperEvent;
  status: string;
  attempts: number;
  messageId: string | null;
  createdAt: string;
};

const noticeOf = (row: Selectable<NoticesTable>): StoredNotice => ({
  id: row.id,
  chatId: row.chat_id,
  event: { kind: row.kind, ...JSON.parse(row.payload) } as NoticeEvent | ShopperEvent,
  status: row.status,
  attempts: row.attempts,
  messageId: row.message_id,
  createdAt: row.created_at,
});

/** One notice of `event` for each of these chats; with `dedupe`, a chat told before is not told again. */
async function insertNotices(db: Db, chatIds: readonly string[], event: NoticeEvent | ShopperEvent, now: string, dedupe?: string): Promise<number> {
  if (chatIds.length === 0) return 0;
  const { kind, ...facts } = event;
  const rows = chatIds.map((chatId) => ({
    id: shortId(),
    chat_id: chatId,
    kind,
    payload: JSON.stringify(facts),
    dedupe: dedupe ?? null,
    status: "pending",
    next_try_at: now,
    created_at: now,
  }));
  const result = await db
    .insertInto("notices")
    .values(rows)
    .onConflict((oc) => oc.columns(["chat_id", "dedupe"]).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/** The outbox (ADR 0105): notices written in the transaction that makes them happen, claimed, sent, held, tried again; their buttons' presses. */
export function createOutboxRepository() {
  return {
    /** One notice per admin chat, in the caller's transaction; with `dedupe`, a chat told before is not told again. */
    async record(db: Db, event: NoticeEvent, now: string, dedupe?: string): Promise<number> {
      const chats = await db.selectFrom("telegram_chats").select("id").where("role", "=", "admin").execute();
      return insertNotices(
        db,
        chats.map((chat) => chat.id),
        event,
        now,
        dedupe,
      );
    },

    /** A notice of `event` for each of these (shoppers') chats, in the caller's transaction. */
    recordFor: insertNotices,

    async notice(db: Db, id: string): Promise<StoredNotice | undefined> {
      const row = await db.selectFrom("notices").selectAll().where("id", "=", id).executeTakeFirst();
      return row ? noticeOf(row) : undefined;
    },

    /** Notices whose send was claimed by a worker that stopped before it finished: due again. */
    async releaseStale(db: Db, now: string) {
      await db
        .updateTable("notices")
        .set({ status: "pending", claim: null, claimed_until: null })
        .where("status", "=", "sending")
        .where("claimed_until", "<", now)
        .execute();
    },

    /** The ids of notices due now, oldest first. */
    async due(db: Db, now: string, limit: number): Promise<string[]> {
      const rows = await db
        .selectFrom("notices")
        .select("id")
        .where("status", "=", "pending")
        .where("next_try_at", "<=", now)
        .orderBy("created_at")
        .orderBy("id")
        .limit(limit)
        .execute();
      return rows.map((row) => row.id);
    },

    /** Claims one due notice for sending; false when another worker has it, or it is no longer due. */
    async claim(db: Db, id: string, now: string, until: string): Promise<boolean> {
      const result = await db
        .updateTable("notices")
        .set({ status: "sending", claimed_until: until })
        .where("id", "=", id)
        .where("status", "=", "pending")
        .where("next_try_at", "<=", now)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    async hold(db: Db, id: string, until: string) {
      await db
        .updateTable("notices")
        .set({ status: "held", next_try_at: until, claimed_until: null })
        .where("id", "=", id)
        .where("status", "=", "sending")
        .execute();
    },

    /** Recorded once: only the claim that sent it moves a notice to sent. */
    async sent(db: Db, ids: readonly string[], messageId: string, now: string, digest: boolean) {
      await db
        .updateTable("notices")
        .set({ status: "sent", message_id: messageId, sent_at: now, claim: null, claimed_until: null, digest: digest ? 1 : 0, error: "" })
        .where("id", "in", ids)
        .where("status", "=", "sending")
        .execute();
    },

    /** Not sent: tried again at `next`, held again when `held`, or given up (`next` null). */
    async notSent(db: Db, ids: readonly string[], error: string, next: string | null, held: boolean) {
      if (ids.length === 0) return;
      await db
        .updateTable("notices")
        .set((eb) => ({
          status: next === null ? "failed" : held ? "held" : "pending",
          attempts: eb("attempts", "+", 1),
          next_try_at: next ?? eb.ref("next_try_at"),
          claim: null,
          claimed_until: null,
          error: error.slice(0, 500),
        }))
        .where("id", "in", ids)
        .where("status", "=", "sending")
        .execute();
    },

    /** The chats some of whose held notices are due, with how many. */
    async heldDue(db: Db, now: string): Promise<string[]> {
      const rows = await db.selectFrom("notices").select("chat_id").distinct().where("status", "=", "held").where("next_try_at", "<=", now).execute();
      return rows.map((row) => row.chat_id);
    },

    /** Claims a chat's held notices that are due, together, for one digest message. */
    async claimHeld(db: Db, chatId: string, now: string, until: string): Promise<StoredNotice[]> {
      const claim = randomUUID();
      await db
        .updateTable("notices")
        .set({ status: "sending", claim, claimed_until: until })
        .where("chat_id", "=", chatId)
        .where("status", "=", "held")
        .where("next_try_at", "<=", now)
        .execute();
      const rows = await db.selectFrom("notices").selectAll().where("claim", "=", claim).orderBy("created_at").orderBy("id").execute();
      return rows.map(noticeOf);
    },

    /** A month after they were sent or given up, notices go. */
    async sweep(db: Db, before: string) {
      await db.deleteFrom("notices").where("status", "in", ["sent", "failed"]).where("created_at", "<", before).execute();
    },

    async failedSince(db: Db, since: string): Promise<number> {
      const row = await db
        .selectFrom("notices")
        .select((eb) => eb.fn.countAll<string | number>().as("count"))
        .where("status", "=", "failed")
        .where("created_at", ">=", since)
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    // ---- buttons

    async presses(db: Db, noticeId: string): Promise<Press[]> {
      const rows = await db.selectFrom("notice_presses").selectAll().where("notice_id", "=", noticeId).orderBy("at").execute();
      return rows.map((row) => ({ action: row.action as NoticeAction, adminName: row.admin_name, at: row.at }));
    },

    /** Takes a button's one press: false when it was pressed before (the primary key says so). */
    async press(db: Db, noticeId: string, action: NoticeAction, adminName: string, now: string): Promise<boolean> {
      const result = await db
        .insertInto("notice_presses")
        .values({ notice_id: noticeId, action, admin_name: adminName, at: now })
        .onConflict((oc) => oc.columns(["notice_id", "action"]).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /** A press whose action was refused: the button may be pressed again. */
    async unpress(db: Db, noticeId: string, action: NoticeAction) {
      await db.deleteFrom("notice_presses").where("notice_id", "=", noticeId).where("action", "=", action).execute();
    },
  };
}
