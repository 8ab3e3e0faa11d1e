import { randomUUID } from "node:crypto";
import { PostgresAdapter } from "kysely";
import { said, type AdminAnswer } from "../../../domain/shared/admin-answer";
import { shopperActor } from "../../../domain/audit/audit";
import {
  MAIL_CODE_LIFETIME_MS,
  MAIL_WAIT_MS,
  MAILBOX_FAILURE_FIELDS,
  MAILBOX_FAILURES,
  NETFLIX_ACCOUNT_SENDERS,
  newestWorking,
  READINGS_PER_HOUR,
  readsHouseholdMail,
  type HolderMailKind,
  type MailboxFailure,
  type MailReading,
  type MailAlert,
  HOLDER_MAIL_KINDS,
  MAIL_ALERT_TEXT,
  MAILBOX_FAILING_TELL_MS,
  WATCH_CATCH_UP_MS,
  WATCH_WINDOW_MS,
} from "../../../domain/household-mail/household-mail";
import type { Mailbox, MailboxInput, ProviderCode } from "../../../domain/household-mail/schemas";
import type { NoticeEvent } from "../../../domain/telegram/notices";
import { shopToday } from "../../../domain/shared/shop-time";
import type { Locale } from "../../../domain/shared/locale";
import { codesNotForLine, codesTooMany } from "../../../domain/shared/messages";
import type { Clock } from "../../db/clock";
import type { Db } from "../../db/database";
import { badRequest, conflict, notFound, TooManyRequests } from "../../errors";
import type { Actor } from "../actor";
import type { AuditLog } from "../audit/service";
import type { Cipher } from "../secrets/cipher";
import { secretContext } from "../secrets/stored";
import { MailboxError, plainAllowed, readMailSince, testMailbox, type MailboxAccess, type MailboxSecurity } from "./mailbox-client";

const HOUR = 60 * 60_000;

const HOLDER_KIND_NAMES: Record<HolderMailKind, string> = {
  "travel-code": "Netflix temporary access code",
  "household-update": "Netflix household update",
  "sign-in-code": "Netflix sign-in code",
};

export interface MailboxesDependencies {
  shopperOrders: {
    /** The order a shopper's link names, its key checked (and wrong keys counted) as on the order page. */
    forPayment(reference: string, key: string, address: string): Promise<{ id: string; reference: string; status: string }>;
  };
  /** The audit log, written in the write's own transaction (ADR 0100). */
  audit: Pick<AuditLog, "record">;
  /** The seller's bot hears what the watcher finds, once each (`dedupe`). */
  notices?: { record(trx: Db, event: NoticeEvent, dedupe?: string): Promise<unknown> };
}

/**
 * Provider accounts' mailboxes (issue 45, ADR 0126): the seller's settings, with the app password sealed, and a
 * holder's "Get my code", read from the mailbox when asked. The codes are read, handed over and forgotten.
 */
export function createMailboxesService(db: Db, clock: Clock, secrets: Cipher, deps: MailboxesDependencies) {
  const now = () => clock().toISOString();

  async function accountOrThrow(id: string) {
    const account = await db.selectFrom("provider_accounts").select(["id", "service", "login"]).where("id", "=", id).executeTakeFirst();
    if (!account) throw notFound(`No account with id ${id}`);
    return account;
  }

  const row = (accountId: string) => db.selectFrom("account_mailboxes").selectAll().where("account_id", "=", accountId).executeTakeFirst();

  function shown(stored: NonNullable<Awaited<ReturnType<typeof row>>>): Mailbox {
    return {
      host: stored.host,
      port: stored.port,
      security: stored.security as MailboxSecurity,
      user: stored.user_name,
      folder: stored.folder,
      authservId: stored.authserv_id,
      failure: stored.failure ? (MAILBOX_FAILURES[stored.failure as MailboxFailure] ?? MAILBOX_FAILURES.other) : null,
      failingSince: stored.failing_since,
      checkedAt: stored.checked_at,
      alert:
        stored.alert_kind && stored.alert_at
          ? { kind: stored.alert_kind as MailAlert, text: MAIL_ALERT_TEXT[stored.alert_kind as MailAlert], at: stored.alert_at }
          : null,
    };
  }

  const accessOf = (accountId: string, stored: NonNullable<Awaited<ReturnType<typeof row>>>): MailboxAccess => ({
    host: stored.host,
    port: stored.port,
    security: stored.security as MailboxSecurity,
    user: stored.user_name,
    password: secrets.decrypt(stored.password_secret, secretContext.mailboxPassword(accountId)),
    folder: stored.folder,
  });

  /** The settings typed, with the stored app password where none was typed. */
  async function accessFrom(accountId: string, input: MailboxInput): Promise<MailboxAccess> {
    const stored = await row(accountId);
    const password = input.password !== "" ? input.password : stored ? accessOf(accountId, stored).password : "";
    if (password === "") throw badRequest("Enter the mailbox's app password", [{ field: "password", message: "Enter the mailbox's app password" }]);
    return { host: input.host, port: input.port, security: input.security, user: input.user, password, folder: input.folder };
  }

  /** Lines of delivered orders on a seat now, of an account with a mailbox. */
  const deliveredHoldings = () =>
    db
      .selectFrom("order_lines as l")
      .innerJoin("orders as o", "o.id", "l.order_id")
      .innerJoin("seat_assignments as a", "a.line_id", "l.id")
      .innerJoin("account_seats as s", "s.id", "a.seat_id")
      .innerJoin("provider_accounts as p", "p.id", "s.account_id")
      .innerJoin("account_mailboxes as m", "m.account_id", "p.id")
      .select(["l.id as lineId", "p.service", "l.expiry_date as expiryDate"])
      .where("o.status", "=", "delivered")
      .where("a.ended_at", "is", null);

  /** The lines `narrow` picks whose holders can get their codes now. */
  async function linesWithCodes(narrow: (query: ReturnType<typeof deliveredHoldings>) => ReturnType<typeof deliveredHoldings>) {
    const rows = await narrow(deliveredHoldings()).execute();
    const today = shopToday(clock());
    return rows.filter((row) => codesAllowed(row, today)).map((row) => row.lineId);
  }

  /** A Netflix account's holder, their line not ended. */
  const codesAllowed = (holding: { service: string; expiryDate: string | null }, today: string) =>
    readsHouseholdMail(holding.service) && (holding.expiryDate === null || holding.expiryDate >= today);

  /**
   * Marks the account with what its mailbox said and tells the seller's bot, in one transaction; `dedupe` makes a
   * second reading of the same mail (the watcher reads a window) say nothing again.
   */
  async function alert(account: { accountId: string; service: string; login: string }, kind: MailAlert, at: string, dedupe: string) {
    await db.transaction().execute(async (trx) => {
      await deps.notices?.record(trx, { kind: "account-mail", ...account, alert: kind, at }, dedupe);
      // The newest alert shows on the account; the same mail read again changes nothing.
      await trx
        .updateTable("account_mailboxes")
        .set({ alert_kind: kind, alert_at: at })
        .where("account_id", "=", account.accountId)
        .where((eb) => eb.or([eb("alert_at", "is", null), eb("alert_at", "<", at)]))
        .execute();
    });
  }

  /** Writes down how the last reading went, a failure with the time checks began failing; answers that time. */
  async function noteCheck(accountId: string, failure: MailboxFailure | null): Promise<string | null> {
    const stamp = now();
    const stored = await row(accountId);
    if (!stored) return null;
    const failingSince = failure ? (stored.failing_since ?? stamp) : null;
    await db
      .updateTable("account_mailboxes")
      .set({ failure, failing_since: failingSince, checked_at: stamp })
      .where("account_id", "=", accountId)
      .execute();
    return failingSince;
  }

  /** The ask a reading belongs to: the one named, while its wait lasts, or a new one, counted and audited. */
  async function countAsk(
    accountId: string,
    input: { lineId: string; kind: HolderMailKind; askId?: string | undefined },
    address: string,
    label: string,
    locale: Locale,
  ) {
    const at = clock();
    if (input.askId) {
      const earlier = await db
        .selectFrom("mailbox_asks")
        .select(["id", "asked_at as askedAt"])
        .where("id", "=", input.askId)
        .where("line_id", "=", input.lineId)
        .where("kind", "=", input.kind)
        .where("asked_at", ">", new Date(at.getTime() - MAIL_WAIT_MS).toISOString())
        .executeTakeFirst();
      if (earlier) return earlier;
    }
    return db.transaction().execute(async (trx) => {
      // The account's asks are counted one at a time on PostgreSQL (SQLite writes one at a time): two at once
      // cannot both be a line's fifth.
      if (trx.getExecutor().adapter instanceof PostgresAdapter) {
        await trx.selectFrom("account_mailboxes").select("account_id").where("account_id", "=", accountId).forUpdate().execute();
      }
      const recent = await trx
        .selectFrom("mailbox_asks")
        .select("asked_at")
        .where("line_id", "=", input.lineId)
        .where("asked_at", ">", new Date(at.getTime() - HOUR).toISOString())
        .orderBy("asked_at")
        .execute();
      if (recent.length >= READINGS_PER_HOUR) {
        const wait = Math.max(1, Math.ceil((Date.parse(recent[0]!.asked_at) + HOUR - at.getTime()) / 1000));
        throw new TooManyRequests(codesTooMany[locale](READINGS_PER_HOUR, Math.ceil(wait / 60)), wait);
      }
      const ask = { id: randomUUID(), askedAt: at.toISOString() };
      await trx
        .insertInto("mailbox_asks")
        .values({ id: ask.id, account_id: accountId, line_id: input.lineId, kind: input.kind, asked_at: ask.askedAt, found_at: null })
        .execute();
      await deps.audit.record(
        trx,
        { email: shopperActor(address), address: address || null },
        { kind: "code", what: HOLDER_KIND_NAMES[input.kind], label, accountId },
        ask.askedAt,
      );
      return ask;
    });
  }

  return {
    async get(accountId: string): Promise<Mailbox | null> {
      await accountOrThrow(accountId);
      const stored = await row(accountId);
      return stored ? shown(stored) : null;
    },

    /** Saves the mailbox; an empty app password keeps the stored one (and is refused when none is stored). */
    async save(accountId: string, input: MailboxInput): Promise<AdminAnswer<Mailbox>> {
      const account = await accountOrThrow(accountId);
      if (!plainAllowed(input)) throw badRequest(MAILBOX_FAILURES.plain, [{ field: "security", message: MAILBOX_FAILURES.plain }]);
      const access = await accessFrom(accountId, input);
      const stamp = now();
      const values = {
        host: access.host,
        port: access.port,
        security: access.security,
        user_name: access.user,
        password_secret: secrets.encrypt(access.password, secretContext.mailboxPassword(accountId)),
        folder: access.folder,
        authserv_id: input.authservId,
        updated_at: stamp,
      };
      await db
        .insertInto("account_mailboxes")
        .values({ account_id: accountId, ...values, created_at: stamp })
        .onConflict((conflicting) =>
          conflicting.column("account_id").doUpdateSet({ ...values, failure: null, failing_since: null, checked_at: null }),
        )
        .execute();
      return said(`Mailbox of ${account.service} (${account.login}) saved`, shown((await row(accountId))!));
    },

    async remove(accountId: string): Promise<AdminAnswer> {
      const account = await accountOrThrow(accountId);
      const removed = await db.deleteFrom("account_mailboxes").where("account_id", "=", accountId).executeTakeFirst();
      if (Number(removed.numDeletedRows) === 0) throw notFound(`${account.service} (${account.login}) has no mailbox`);
      return said(`Mailbox of ${account.service} (${account.login}) removed: its holders ask the shop for codes in a chat again`);
    },

    /** "Test connection" with the settings on the form (the stored app password where none is typed). */
    async test(accountId: string, input: MailboxInput) {
      await accountOrThrow(accountId);
      return testMailbox(await accessFrom(accountId, input));
    },

    /** The screen's "Test connection": what the folder holds, or a refusal that names the field to fix. */
    async tryConnection(accountId: string, input: MailboxInput): Promise<AdminAnswer> {
      const result = await this.test(accountId, input);
      if (!result.ok) throw badRequest(result.message, [{ field: MAILBOX_FAILURE_FIELDS[result.failure], message: result.message }]);
      return said(`Connected: ${input.folder} holds ${result.messages} message${result.messages === 1 ? "" : "s"}. Save to use it.`);
    },

    /** The app password in the clear, written to the account's reveal log. */
    async reveal(accountId: string, actor: Actor): Promise<string> {
      const account = await accountOrThrow(accountId);
      return db.transaction().execute(async (trx) => {
        const stored = await trx.selectFrom("account_mailboxes").select("password_secret").where("account_id", "=", accountId).executeTakeFirst();
        if (!stored) throw notFound(`${account.service} (${account.login}) has no mailbox`);
        const label = `${account.service} (${account.login})`;
        await deps.audit.record(trx, actor, { kind: "password", what: "mailbox app password", label, accountId }, now());
        return secrets.decrypt(stored.password_secret, secretContext.mailboxPassword(accountId));
      });
    },

    /**
     * The watcher (a job, once a minute across instances, ADR 0120): reads each Netflix account's mailbox over the
     * last WATCH_WINDOW_MS (and back to where it last read, after an outage) and tells the seller, once each, of a
     * password changed, a new sign-in or a failed payment, of a code or household link whose 15 minutes passed with
     * no holder's ask, and of a mailbox that has failed for MAILBOX_FAILING_TELL_MS.
     */
    async watch(): Promise<void> {
      const mailboxes = await db
        .selectFrom("account_mailboxes as m")
        .innerJoin("provider_accounts as p", "p.id", "m.account_id")
        .selectAll("m")
        .select(["p.service", "p.login"])
        .where("p.status", "=", "active")
        .execute();
      for (const mailbox of mailboxes) {
        if (!readsHouseholdMail(mailbox.service)) continue;
        const started = clock();
        const from = Math.max(
          started.getTime() - WATCH_CATCH_UP_MS,
          Math.min(mailbox.watched_to ? Date.parse(mailbox.watched_to) : started.getTime(), started.getTime() - WATCH_WINDOW_MS),
        );
        const account = { accountId: mailbox.account_id, service: mailbox.service, login: mailbox.login };
        let readings: MailReading[];
        try {
          readings = await readMailSince(accessOf(mailbox.account_id, mailbox), new Date(from), {
            senders: NETFLIX_ACCOUNT_SENDERS,
            authservId: mailbox.authserv_id,
          });
        } catch (error) {
          if (!(error instanceof MailboxError)) throw error;
          const failingSince = await noteCheck(mailbox.account_id, error.failure);
          if (failingSince && started.getTime() - Date.parse(failingSince) >= MAILBOX_FAILING_TELL_MS) {
            await alert(account, "mailbox-failing", failingSince, `mailbox-failing:${mailbox.account_id}:${failingSince}`);
          }
          continue;
        }
        await noteCheck(mailbox.account_id, null);
        for (const reading of readings) {
          const at = reading.receivedAt.toISOString();
          if (!(HOLDER_MAIL_KINDS as readonly string[]).includes(reading.kind)) {
            await alert(account, reading.kind as MailAlert, at, `mail:${mailbox.account_id}:${reading.kind}:${at}`);
            continue;
          }
          // A code is judged once its 15 minutes are over: a holder may ask for it until then.
          if (reading.expiresAt! > started) continue;
          const asked = await db
            .selectFrom("mailbox_asks")
            .select("id")
            .where("account_id", "=", mailbox.account_id)
            .where("asked_at", ">=", new Date(reading.receivedAt.getTime() - MAIL_CODE_LIFETIME_MS).toISOString())
            .where("asked_at", "<=", reading.expiresAt!.toISOString())
            .executeTakeFirst();
          if (!asked) await alert(account, "unasked-code", at, `mail:${mailbox.account_id}:unasked:${at}`);
        }
        await db.updateTable("account_mailboxes").set({ watched_to: started.toISOString() }).where("account_id", "=", mailbox.account_id).execute();
      }
    },

    /** The seller saw the mailbox's alert (the account screen's Dismiss). */
    async dismissAlert(accountId: string): Promise<AdminAnswer> {
      const account = await accountOrThrow(accountId);
      await db.updateTable("account_mailboxes").set({ alert_kind: null, alert_at: null }).where("account_id", "=", accountId).execute();
      return said(`${account.service} (${account.login}): mailbox alert dismissed`);
    },

    /** The lines of an order (its key already checked by the page) whose holders can get their codes here now. */
    async codeLines(reference: string): Promise<string[]> {
      return linesWithCodes((query) => query.where("o.reference", "=", reference));
    },

    /** Of these lines (a customer page's, its key checked), those whose holders get their codes on their order page. */
    async codeLinesAmong(lineIds: readonly string[]): Promise<string[]> {
      return lineIds.length === 0 ? [] : linesWithCodes((query) => query.where("l.id", "in", lineIds));
    },

    /**
     * A holder's "Get my code": only a line of the order its key opens, delivered, not ended, holding a seat now
     * on a Netflix account with a mailbox. A new ask is counted (READINGS_PER_HOUR a line) and written to the
     * audit log by its kind, never its code; asking again with its `askId` within the wait reads the mailbox
     * again without counting. The newest working code or link of the kind, received in its 15 minutes.
     */
    async providerCode(
      reference: string,
      input: { key: string; lineId: string; kind: HolderMailKind; askId?: string | undefined },
      address: string,
      locale: Locale,
    ): Promise<ProviderCode> {
      const order = await deps.shopperOrders.forPayment(reference, input.key, address);
      const holding = await deliveredHoldings()
        .select(["p.id as accountId", "p.login"])
        .where("l.id", "=", input.lineId)
        .where("l.order_id", "=", order.id)
        .executeTakeFirst();
      if (!holding || !codesAllowed(holding, shopToday(clock()))) throw conflict(codesNotForLine[locale]());
      const at = clock();
      const ask = await countAsk(holding.accountId, input, address, `${holding.service} (${holding.login})`, locale);
      const stored = (await row(holding.accountId))!;
      let readings: MailReading[];
      try {
        readings = await readMailSince(accessOf(holding.accountId, stored), new Date(at.getTime() - MAIL_CODE_LIFETIME_MS), {
          senders: NETFLIX_ACCOUNT_SENDERS,
          authservId: stored.authserv_id,
        });
        await noteCheck(holding.accountId, null);
      } catch (error) {
        if (!(error instanceof MailboxError)) throw error;
        await noteCheck(holding.accountId, error.failure);
        readings = [];
      }
      const found = newestWorking(readings, input.kind, at);
      if (found) await db.updateTable("mailbox_asks").set({ found_at: now() }).where("id", "=", ask.id).where("found_at", "is", null).execute();
      return {
        askId: ask.id,
        kind: input.kind,
        reading: found
          ? { kind: found.kind, value: found.value!, receivedAt: found.receivedAt.toISOString(), expiresAt: found.expiresAt!.toISOString() }
          : null,
        waitUntil: new Date(Date.parse(ask.askedAt) + MAIL_WAIT_MS).toISOString(),
      };
    },
  };
}
