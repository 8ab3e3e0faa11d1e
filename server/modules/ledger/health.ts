import { randomUUID } from "node:crypto";
import { said, type AdminAnswer } from "../../../domain/shared/admin-answer";
import { BILLS_WINDOW_DAYS, nextBillDate, weekMoney } from "../../../domain/ledger/bills";
import { PREVIOUS_SECRET_DAYS, type HolderMessageReason } from "../../../domain/ledger/accounts";
import type { BillDue, HolderMessage, MoveConfirm, MoveProposal, SecretChange } from "../../../domain/ledger/schemas";
import { rankSeats, type SeatCandidate } from "../../../domain/ledger/seats";
import { addDays, shopToday } from "../../../domain/ledger/settings";
import { daysUntil } from "../../../domain/orders/dates";
import { CREDENTIALS_CHANGED } from "../../../domain/ledger/seller-messages";
import type { ChangeSignals } from "../../db/change-signals";
import type { Clock } from "../../db/clock";
import type { Db } from "../../db/database";
import { badRequest, conflict, isUniqueViolation, notFound } from "../../errors";
import type { Cipher } from "../secrets/cipher";
import { secretContext } from "../secrets/stored";
import type { Actor } from "../actor";
import type { AuditLog } from "../audit/service";
import { ORDER_CONTACT } from "../../db/order-shapes";
import type { Delivery } from "./delivery";
import { ledgerTransaction } from "./ledger-transaction";
import type { PreviousSecretsService } from "./previous-secrets";
import { createAccountsRepository } from "./repository";
import { createSeatsRepository } from "./seats-repository";

/** Holder messages shown on an account: those of the last month. */
const HOLDER_MESSAGES_KEPT_DAYS = 30;

export const STALE_MOVE =
  "The seats changed since these proposals were made (a holder moved or left, or a seat was taken): nothing was moved. Look at the new proposals and confirm again.";

export interface AccountHealthDependencies {
  graceDays: () => Promise<number>;
  moveWithin: (trx: Db, lineId: string, seatId: string, grace: number) => Promise<unknown>;
  deliveryOf: (
    lineId: string,
    actor: Actor,
    origin: string | undefined,
    intro: (typeof CREDENTIALS_CHANGED)[HolderMessageReason],
  ) => Promise<Delivery>;
  /** The audit log, written in the write's own transaction (ADR 0100). */
  audit: Pick<AuditLog, "record">;
  /** Where a replaced password or PIN is kept its 7 days. */
  previousSecrets: Pick<PreviousSecretsService, "keep">;
  /** The holders of these lines who follow their order on Telegram hear that their login changed (ADR 0107). */
  credentialsChanged?: (lineIds: readonly string[], reason: HolderMessageReason) => Promise<unknown>;
}

/**
 * Keeping provider accounts healthy (ADR 0109): a new password or PIN recorded with the old one kept
 * 7 days for the reveal log (./previous-secrets.ts), the seat holders to tell (the message is made, with its secrets, only when the
 * seller sends it), and holders moved to free seats of other accounts, all at once or not at all.
 */
export function createAccountHealthService(db: Db, clock: Clock, changes: ChangeSignals, secrets: Cipher, deps: AccountHealthDependencies) {
  const repository = createAccountsRepository();
  const seatRows = createSeatsRepository();
  const { audit } = deps;
  const write = ledgerTransaction(db, changes);
  const now = () => clock().toISOString();

  async function accountOrThrow(trx: Db, id: string) {
    const account = await repository.find(trx, id);
    if (!account) throw notFound(`No account with id ${id}`);
    return account;
  }

  /** Each line is to be told of `reason`; an untold older message for the line gives way to this one. */
  async function addHolderMessages(trx: Db, accountId: string, lineIds: readonly string[], reason: HolderMessageReason, stamp: string) {
    if (lineIds.length === 0) return;
    await trx.deleteFrom("holder_notices").where("line_id", "in", lineIds).where("told_at", "is", null).execute();
    await trx
      .insertInto("holder_notices")
      .values(lineIds.map((lineId) => ({ id: randomUUID(), account_id: accountId, line_id: lineId, reason, created_at: stamp })))
      .execute();
  }

  /**
   * Holders who follow their order on Telegram (ADR 0107) hear from the bot as well as from the seller's chat
   * links. Written after the change's own transaction: a failed bot notice never undoes a recorded password or move.
   */
  async function tellHoldersByBot(lineIds: readonly string[], reason: HolderMessageReason): Promise<void> {
    if (lineIds.length) await deps.credentialsChanged?.(lineIds, reason);
  }

  return {
    /**
     * Accounts billed on a cycle that renew, not retired, whose next bill falls within BILLS_WINDOW_DAYS from
     * today or is already past (not marked paid), soonest first.
     */
    async billsDue(): Promise<BillDue[]> {
      const today = shopToday(clock());
      const rows = await db
        .selectFrom("provider_accounts as a")
        .select((eb) => [
          "a.id as accountId",
          "a.service",
          "a.login",
          "a.billing_cycle as billingCycle",
          "a.renewal_date as renewalDate",
          "a.cost",
          eb
            .selectFrom("account_seats as s")
            .innerJoin("seat_assignments as h", (join) => join.onRef("h.seat_id", "=", "s.id").on("h.ended_at", "is", null))
            .select((inner) => inner.fn.countAll<number>().as("n"))
            .whereRef("s.account_id", "=", "a.id")
            .as("seatsUsed"),
        ])
        .where("a.status", "!=", "retired")
        .where("a.billing_cycle", "!=", "none")
        .where("a.auto_renews", "=", 1)
        .where("a.renewal_date", "<=", addDays(today, BILLS_WINDOW_DAYS - 1))
        .orderBy("a.renewal_date")
        .orderBy("a.service")
        .execute();
      return rows.map((row) => ({
        ...row,
        billingCycle: row.billingCycle as BillDue["billingCycle"],
        renewalDate: row.renewalDate!,
        daysLeft: daysUntil(row.renewalDate!, today),
        seatsUsed: Number(row.seatsUsed ?? 0),
      }));
    },

    /** This week's money (domain `weekMoney`) on the shop's today. */
    week: (bills: Parameters<typeof weekMoney>[1], renewals: Parameters<typeof weekMoney>[2]) => weekMoney(shopToday(clock()), bills, renewals),

    /**
     * The bill of `renewalDate` is paid: the next bill is a cycle later. `renewalDate` is the one the seller saw;
     * another (paid meanwhile, or edited) is refused (409), so a bill is never counted paid twice.
     */
    async billPaid(accountId: string, renewalDate: string, actor: Actor): Promise<AdminAnswer<string>> {
      return db.transaction().execute(async (trx) => {
        const account = await accountOrThrow(trx, accountId);
        if (account.billingCycle === "none") throw conflict("This account is bought once: it has no bills to mark paid");
        if (account.renewalDate !== renewalDate)
          throw conflict(
            `This bill is no longer due: the next bill is now ${account.renewalDate ?? "not set"} (marked paid or edited meanwhile). Reload the list.`,
            "renewalDate",
          );
        const next = nextBillDate(account.billingCycle, renewalDate);
        await trx
          .updateTable("provider_accounts")
          .set((eb) => ({ renewal_date: next, updated_at: now(), version: eb("version", "+", 1) }))
          .where("id", "=", accountId)
          .execute();
        await audit.record(
          trx,
          actor,
          { kind: "other", what: `bill of ${renewalDate} paid; next bill ${next}`, label: `${account.service} (${account.login})`, accountId },
          now(),
        );
        return said(`Marked paid: the next bill is on ${next}`, next);
      });
    },

    /**
     * Records a new password (or one seat's PIN): the old one is kept, sealed as it was, for
     * PREVIOUS_SECRET_DAYS, and every holder it concerns gets a holder message to be told. The number of holders.
     */
    async changeSecret(accountId: string, change: SecretChange, actor: Actor): Promise<AdminAnswer<{ holders: number; label: string }>> {
      const stamp = now();
      const result = await db.transaction().execute(async (trx) => {
        const account = await accountOrThrow(trx, accountId);
        const label = `${account.service} (${account.login})`;
        const keep = (seatId: string | null, what: "password" | "pin", secret: string) =>
          deps.previousSecrets.keep(trx, { accountId, seatId, what, secret, replacedBy: actor.email }, stamp);
        let seatIds: string[];
        let what: string;
        if (change.what === "password") {
          const context = secretContext.accountPassword(accountId);
          if (secrets.decrypt(account.passwordSecret, context) === change.value)
            throw badRequest("This is the password already stored: type the new one", [{ field: "value", message: "Same as the stored password" }]);
          await keep(null, "password", account.passwordSecret);
          await trx
            .updateTable("provider_accounts")
            .set((eb) => ({ password_secret: secrets.encrypt(change.value, context), updated_at: stamp, version: eb("version", "+", 1) }))
            .where("id", "=", accountId)
            .execute();
          seatIds = (await seatRows.seatsOf(trx, [accountId])).map((seat) => seat.id);
          what = "password changed";
        } else {
          const seat = change.seatId ? await seatRows.findSeat(trx, change.seatId) : undefined;
          if (!seat || seat.accountId !== accountId)
            throw badRequest("Choose a seat of this account", [{ field: "seatId", message: "Not a seat of this account" }]);
          const context = secretContext.seatPin(seat.id);
          if (seat.pinSecret && secrets.decrypt(seat.pinSecret, context) === change.value)
            throw badRequest("This is the PIN already stored: type the new one", [{ field: "value", message: "Same as the stored PIN" }]);
          if (seat.pinSecret) await keep(seat.id, "pin", seat.pinSecret);
          await seatRows.updateSeat(trx, { ...seat, pinSecret: secrets.encrypt(change.value, context) });
          seatIds = [seat.id];
          what = `PIN of seat ${seat.position} changed`;
        }
        const lineIds = (await seatRows.openAssignments(trx, { seatIds })).map((held) => held.lineId);
        await addHolderMessages(trx, accountId, lineIds, change.what, stamp);
        await audit.record(trx, actor, { kind: "other", what: `${what}; the old one is kept ${PREVIOUS_SECRET_DAYS} days`, label, accountId }, stamp);
        return { lineIds, label };
      });
      await tellHoldersByBot(result.lineIds, change.what);
      const holders = result.lineIds.length;
      const what = change.what === "password" ? "Password" : "PIN";
      return said(
        holders === 0
          ? `${what} saved: no one holds a seat it concerns`
          : `${what} saved: tell ${holders === 1 ? "the holder" : `the ${holders} holders`} below`,
        { holders, label: result.label },
      );
    },

    /** The account's holder messages of the last month, untold first, then newest first. */
    async holderMessages(accountId: string): Promise<HolderMessage[]> {
      const since = new Date(clock().getTime() - HOLDER_MESSAGES_KEPT_DAYS * 86_400_000).toISOString();
      const rows = await db
        .selectFrom("holder_notices as n")
        .innerJoin("order_lines as l", "l.id", "n.line_id")
        .innerJoin("orders as o", "o.id", "l.order_id")
        .select([
          "n.id",
          "n.line_id as lineId",
          ...ORDER_CONTACT,
          "n.reason",
          "n.created_at as createdAt",
          "n.told_at as toldAt",
          "n.told_by as toldBy",
        ])
        .where("n.account_id", "=", accountId)
        .where("n.created_at", ">=", since)
        .orderBy("n.created_at", "desc")
        .orderBy("o.reference")
        .limit(200)
        .execute();
      return rows
        .map(({ phone, reason, ...row }) => ({ ...row, reason: reason as HolderMessageReason, reachable: Boolean(phone) }))
        .sort((a, b) => Number(a.toldAt !== null) - Number(b.toldAt !== null));
    },

    /**
     * The message for one holder message's holder, with its chat links (a logged reveal, as a delivery message is), and
     * the holder marked told by `actor`. `origin`: the site the customer's link is written for.
     */
    async tell(messageId: string, actor: Actor, origin?: string): Promise<Delivery> {
      const message = await db.selectFrom("holder_notices").select(["line_id", "reason"]).where("id", "=", messageId).executeTakeFirst();
      if (!message) throw notFound("No such holder to tell: reload the account");
      const delivery = await deps.deliveryOf(message.line_id, actor, origin, CREDENTIALS_CHANGED[message.reason as HolderMessageReason]);
      await db
        .updateTable("holder_notices")
        .set({ told_at: now(), told_by: actor.email })
        .where("id", "=", messageId)
        .where("told_at", "is", null)
        .execute();
      return delivery;
    },

    /**
     * Where the holders of an account (those of `lineIds`, or all) could go: for each, the best free seat that
     * fits it on another active account serving its item, none given twice. Nothing is changed.
     */
    async moveProposals(accountId: string, lineIds: readonly string[]): Promise<MoveProposal[]> {
      await accountOrThrow(db, accountId);
      const seats = await seatRows.seatsOf(db, [accountId]);
      const positionOf = new Map(seats.map((seat) => [seat.id, seat.position]));
      const held = (await seatRows.openAssignments(db, { seatIds: seats.map((seat) => seat.id) })).sort(
        (a, b) => positionOf.get(a.seatId)! - positionOf.get(b.seatId)!,
      );
      const asked = lineIds.length ? held.filter((holder) => lineIds.includes(holder.lineId)) : held;
      const missing = lineIds.find((lineId) => !held.some((holder) => holder.lineId === lineId));
      if (missing) throw conflict(`Line ${missing} holds no seat of this account any more: reload the account`, "lineIds");
      const candidatesOf = new Map<string, SeatCandidate[]>();
      const given = new Set<string>();
      const day = shopToday(clock());
      const chosen = [];
      for (const holder of asked) {
        let best: SeatCandidate | undefined;
        if (holder.itemId) {
          if (!candidatesOf.has(holder.itemId)) candidatesOf.set(holder.itemId, await seatRows.candidates(db, holder.itemId));
          const others = candidatesOf.get(holder.itemId)!.filter((seat) => seat.accountId !== accountId && !given.has(seat.seatId));
          best = rankSeats(others, { itemId: holder.itemId, expiryDate: holder.expiryDate ?? day }).find((seat) => seat.fits);
        }
        if (best) given.add(best.seatId);
        chosen.push({ holder, best });
      }
      const accountIds = [...new Set(chosen.flatMap(({ best }) => (best ? [best.accountId] : [])))];
      const [accounts, targetSeats] = await Promise.all([repository.list(db, accountIds), seatRows.seatsOf(db, accountIds)]);
      const loginOf = new Map(accounts.map((account) => [account.id, account]));
      const profileOf = new Map(targetSeats.map((seat) => [seat.id, seat.profileName]));
      return chosen.map(({ holder, best }) => ({
        lineId: holder.lineId,
        reference: holder.reference,
        customerName: holder.customerName,
        fromSeatId: holder.seatId,
        fromPosition: positionOf.get(holder.seatId)!,
        to: best
          ? {
              seatId: best.seatId,
              accountId: best.accountId,
              service: loginOf.get(best.accountId)!.service,
              login: loginOf.get(best.accountId)!.login,
              position: best.position,
              profileName: profileOf.get(best.seatId) ?? "",
            }
          : null,
      }));
    },

    /**
     * Moves holders of the account as confirmed, in one transaction: each must still hold the seat it was
     * proposed from, and each seat must still be free, or nothing moves (409). The old seats are freed (their
     * holding ends as "moved", in the seat history), each holder gets a holder message on this account, where the seller
     * is, to be told of their new details, and the move is written to the audit log under this account.
     */
    async move(accountId: string, { moves }: MoveConfirm, actor: Actor): Promise<AdminAnswer<number>> {
      const grace = await deps.graceDays();
      const stamp = now();
      try {
        await write(async (trx) => {
          const account = await accountOrThrow(trx, accountId);
          for (const move of moves) {
            const [held] = await seatRows.openAssignments(trx, { lineId: move.lineId });
            const from = held && held.seatId === move.fromSeatId ? await seatRows.findSeat(trx, held.seatId) : undefined;
            if (!held || from?.accountId !== accountId) throw conflict(STALE_MOVE, "moves");
            const target = await seatRows.findSeat(trx, move.seatId);
            if (!target) throw conflict(STALE_MOVE, "moves");
            await deps.moveWithin(trx, move.lineId, move.seatId, grace);
            await addHolderMessages(trx, accountId, [move.lineId], "moved", stamp);
            const to = (await repository.find(trx, target.accountId))!;
            await audit.record(
              trx,
              actor,
              {
                kind: "other",
                what: `${held.reference} moved from seat ${from.position} to ${to.service} (${to.login}), seat ${target.position}`,
                label: `${account.service} (${account.login})`,
                accountId,
              },
              stamp,
            );
          }
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict(STALE_MOVE, "moves");
        throw error;
      }
      await tellHoldersByBot(
        moves.map((move) => move.lineId),
        "moved",
      );
      const moved = moves.length;
      return said(`${moved === 1 ? "1 holder" : `${moved} holders`} moved: tell them their new details below`, moved);
    },
  };
}
