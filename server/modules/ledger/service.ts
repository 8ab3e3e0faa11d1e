import { randomUUID } from "node:crypto";
import { said, type AdminAnswer } from "../../../domain/shared/admin-answer";
import { accountWarnings, RENEWAL_WARNING_DAYS } from "../../../domain/ledger/warnings";
import { ACCOUNT_REMOVED, renewsOf } from "../../../domain/ledger/accounts";
import type { Account, AccountCreate, AccountListQuery, AccountPage, AccountUpdate, Reveal } from "../../../domain/ledger/schemas";
import { addDays, shopToday } from "../../../domain/ledger/settings";
import type { ChangeSignals } from "../../db/change-signals";
import type { Clock } from "../../db/clock";
import type { Db } from "../../db/database";
import { badRequest, conflict, notFound } from "../../errors";
import type { Cipher } from "../secrets/cipher";
import { secretContext } from "../secrets/stored";
import { unmatched } from "../versions";
import type { Actor } from "../actor";
import type { AuditLog } from "../audit/service";
import { ledgerTransaction } from "./ledger-transaction";
import { createAccountsRepository, type AccountRow } from "./repository";
import { createSeatsRepository, type OpenAssignment, type SeatRow } from "./seats-repository";

export interface AccountsDependencies {
  /** Frees the seats of lines past their grace period (the seats service's): the admin's screens show seats as they are. */
  releaseExpired: () => Promise<number>;
  /** The seller recorded a new password: the seat holders who follow their order on Telegram hear so (ADR 0107). */
  passwordChanged?: (trx: Db, accountId: string) => Promise<unknown>;
  /** The audit log, written in the write's own transaction (ADR 0100). */
  audit: Pick<AuditLog, "record" | "ofAccount">;
}

/**
 * The seller's provider accounts: the admin's list and one account with its reveal log and seats'
 * history; adding, editing (seats included), retiring or deleting one; and revealing its password or a seat's
 * PIN, every reveal written to the audit log first. Which line holds which seat is the seats service's.
 */
export function createAccountsService(
  db: Db,
  clock: Clock,
  changes: ChangeSignals,
  secrets: Cipher,
  { releaseExpired, passwordChanged, audit }: AccountsDependencies,
) {
  const repository = createAccountsRepository();
  const seatRows = createSeatsRepository();
  const write = ledgerTransaction(db, changes);
  const today = () => shopToday(clock());
  const now = () => clock().toISOString();

  /** Whether a password typed again is the one stored (a copy the key cannot open counts as another). */
  function samePassword(sealed: string, password: string, id: string): boolean {
    try {
      return secrets.decrypt(sealed, secretContext.accountPassword(id)) === password;
    } catch {
      return false;
    }
  }

  function toAccount(
    row: AccountRow,
    itemIds: string[],
    seats: SeatRow[],
    holders: Map<string, OpenAssignment>,
    day: string,
    hasHistory: boolean,
  ): Account {
    const shaped = seats.map((seat) => {
      const holder = holders.get(seat.id);
      return {
        id: seat.id,
        position: seat.position,
        profileName: seat.profileName,
        hasPin: seat.pinSecret !== null,
        holder: holder
          ? {
              assignmentId: holder.assignmentId,
              lineId: holder.lineId,
              reference: holder.reference,
              customerName: holder.customerName,
              phone: holder.phone,
              itemName: holder.itemName,
              expiryDate: holder.expiryDate,
              since: holder.since,
            }
          : null,
      };
    });
    return {
      _id: row.id,
      service: row.service,
      itemIds,
      login: row.login,
      billingCycle: row.billingCycle,
      renewalDate: row.renewalDate,
      cost: row.cost,
      renews: row.renews,
      status: row.status,
      notes: row.notes,
      seats: shaped,
      seatsUsed: shaped.filter((seat) => seat.holder).length,
      warnings: accountWarnings({ ...row, seats: shaped }, day),
      hasHistory,
      version: row.version,
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    };
  }

  async function load(trx: Db, ids: readonly string[]): Promise<Account[]> {
    const [rows, items, seats, history] = await Promise.all([
      repository.list(trx, ids),
      repository.itemsOf(trx, ids),
      seatRows.seatsOf(trx, ids),
      repository.withHistory(trx, ids),
    ]);
    const holders = new Map((await seatRows.openAssignments(trx, { seatIds: seats.map((s) => s.id) })).map((a) => [a.seatId, a]));
    const seatsByAccount = new Map<string, SeatRow[]>();
    for (const seat of seats) seatsByAccount.set(seat.accountId, [...(seatsByAccount.get(seat.accountId) ?? []), seat]);
    const day = today();
    return rows.map((row) => toAccount(row, items.get(row.id) ?? [], seatsByAccount.get(row.id) ?? [], holders, day, history.has(row.id)));
  }

  async function findOrThrow(trx: Db, id: string): Promise<Account> {
    const [account] = await load(trx, [id]);
    if (!account) throw notFound(`No account with id ${id}`);
    return account;
  }

  async function checkItems(trx: Db, itemIds: readonly string[]) {
    const known = new Set(
      (
        await trx
          .selectFrom("catalogue_items")
          .select("id")
          .where("id", "in", [...itemIds])
          .execute()
      ).map((row) => row.id),
    );
    const unknown = itemIds.findIndex((id) => !known.has(id));
    if (unknown >= 0)
      throw badRequest("An item this account serves is not in the catalogue", [
        { field: `itemIds.${unknown}`, message: "No such item in the catalogue" },
      ]);
  }

  /**
   * Writes the seats as given: existing ones by id (PIN kept unless given), new ones added, missing ones removed
   * if free. A removed seat that had holders is written to the audit log with them, so its history outlives it.
   */
  async function saveSeats(trx: Db, accountId: string, input: AccountCreate["seats"], removedBy?: { actor: Actor; label: string }) {
    const existing = new Map((await seatRows.seatsOf(trx, [accountId])).map((seat) => [seat.id, seat]));
    const held = new Set((await seatRows.openAssignments(trx, { seatIds: [...existing.keys()] })).map((a) => a.seatId));
    const kept = new Set(input.flatMap((seat) => (seat.id ? [seat.id] : [])));
    for (const [id, seat] of existing) {
      if (kept.has(id)) continue;
      if (held.has(id)) throw conflict(`Seat ${seat.position} is in use: free or move its customer before removing it`, "seats");
      const holders = await seatRows.holdersOfSeat(trx, id);
      if (removedBy && holders.length > 0) {
        const held = holders.map((h) => `${h.reference} (${h.startedAt.slice(0, 10)} to ${h.endedAt?.slice(0, 10) ?? "now"})`).join(", ");
        await audit.record(
          trx,
          removedBy.actor,
          {
            kind: "deleted",
            what: `seat ${seat.position} removed`,
            label: `${removedBy.label}, seat ${seat.position}${seat.profileName ? ` “${seat.profileName}”` : ""}; held by ${held}`,
            accountId,
          },
          now(),
        );
      }
      await seatRows.deleteSeat(trx, id);
    }
    // Positions move through a range no seat uses, so renumbering never meets the unique (account, position).
    for (const id of kept) {
      const seat = existing.get(id);
      if (!seat)
        throw badRequest("A seat of this form is not one of this account's seats", [{ field: "seats", message: "Unknown seat; reload the account" }]);
      await seatRows.updateSeat(trx, { ...seat, position: -1 - seat.position });
    }
    for (const [index, seat] of input.entries()) {
      const position = index + 1;
      if (seat.id) {
        const stored = existing.get(seat.id)!;
        const pinSecret =
          seat.pin === undefined ? stored.pinSecret : seat.pin === "" ? null : secrets.encrypt(seat.pin, secretContext.seatPin(seat.id));
        await seatRows.updateSeat(trx, { ...stored, position, profileName: seat.profileName, pinSecret });
      } else {
        const id = randomUUID();
        const pinSecret = seat.pin ? secrets.encrypt(seat.pin, secretContext.seatPin(id)) : null;
        await seatRows.insertSeat(trx, { id, accountId, position, profileName: seat.profileName, pinSecret });
      }
    }
  }

  return {
    /** One page of the admin list; a page past the last answers the last one. */
    async list(query: AccountListQuery): Promise<AccountPage> {
      await releaseExpired();
      const day = today();
      const weekAhead = addDays(day, RENEWAL_WARNING_DAYS);
      let found = await repository.page(db, query, day, weekAhead);
      const pages = Math.max(1, Math.ceil(found.total / query.limit));
      if (query.page > pages) found = await repository.page(db, { ...query, page: pages }, day, weekAhead);
      return { items: await load(db, found.ids), total: found.total, page: Math.min(query.page, pages), pages, summary: found.summary };
    },

    async get(id: string): Promise<{ account: Account; reveals: Reveal[]; history: Awaited<ReturnType<typeof seatRows.seatHistory>> }> {
      await releaseExpired();
      const account = await findOrThrow(db, id);
      const [reveals, history] = await Promise.all([audit.ofAccount(id), seatRows.seatHistory(db, id)]);
      return { account, reveals, history };
    },

    async create(input: AccountCreate): Promise<AdminAnswer<Account>> {
      const id = randomUUID();
      await write(async (trx) => {
        await checkItems(trx, input.itemIds);
        const passwordSecret = secrets.encrypt(input.password, secretContext.accountPassword(id));
        await repository.insert(trx, id, { ...input, renews: renewsOf(input), passwordSecret }, now());
        await repository.setItems(trx, id, [...new Set(input.itemIds)]);
        await saveSeats(trx, id, input.seats);
      });
      const account = await findOrThrow(db, id);
      return said(`Account ${account.service} added`, account);
    },

    /**
     * `expected`: the version the edit was read with; a newer one refuses it (409). Without it, last write wins.
     * Retiring the account, bringing it back and removing a seat that had holders are written to the audit log.
     */
    async update(id: string, input: AccountUpdate, actor: Actor, expected?: number): Promise<AdminAnswer<Account>> {
      await write(async (trx) => {
        const stored = await repository.find(trx, id);
        if (!stored) throw notFound(`No account with id ${id}`);
        const label = `${stored.service} (${stored.login})`;
        await checkItems(trx, input.itemIds);
        const passwordSecret = input.password ? secrets.encrypt(input.password, secretContext.accountPassword(id)) : stored.passwordSecret;
        if (!(await repository.update(trx, id, { ...input, renews: renewsOf(input), passwordSecret }, now(), expected))) {
          throw unmatched(true, () => notFound(`No account with id ${id}`));
        }
        if (input.password && passwordChanged && !samePassword(stored.passwordSecret, input.password, id)) await passwordChanged(trx, id);
        await repository.setItems(trx, id, [...new Set(input.itemIds)]);
        await saveSeats(trx, id, input.seats, { actor, label });
        if ((stored.status === "retired") !== (input.status === "retired")) {
          const retired = input.status === "retired";
          await audit.record(
            trx,
            actor,
            { kind: retired ? "retired" : "restored", what: retired ? "account retired" : `account ${input.status} again`, label, accountId: id },
            now(),
          );
        }
      });
      const account = await findOrThrow(db, id);
      return said(`Account ${account.service} saved`, account);
    },

    /**
     * Deletes an account that never held a customer nor had a secret revealed. One with such a history is
     * retired instead (it gets no new seats, and its seats' history and reveal log stay); either is written to
     * the audit log. Seats in use are freed or moved first.
     */
    async delete(id: string, actor: Actor): Promise<AdminAnswer<"deleted" | "retired">> {
      const outcome = await write(async (trx): Promise<"deleted" | "retired"> => {
        const account = await findOrThrow(trx, id);
        if (account.seatsUsed > 0)
          throw conflict(
            `${account.seatsUsed === 1 ? "1 seat" : `${account.seatsUsed} seats`} of this account ${account.seatsUsed === 1 ? "is" : "are"} in use: free or move ${account.seatsUsed === 1 ? "it" : "them"} first, or retire the account (Edit, Status) so it takes no one new`,
          );
        const label = `${account.service} (${account.login})`;
        if (account.hasHistory) {
          if (account.status !== "retired") {
            await repository.setStatus(trx, id, "retired", now());
            await audit.record(
              trx,
              actor,
              { kind: "retired", what: "account retired instead of deleted: it has a history", label, accountId: id },
              now(),
            );
          }
          return "retired";
        }
        await repository.delete(trx, id);
        await audit.record(trx, actor, { kind: "deleted", what: "account deleted", label, accountId: id }, now());
        return "deleted";
      });
      return said(ACCOUNT_REMOVED[outcome], outcome);
    },

    /** The password or one seat's PIN in the clear, for the admin who asked; every reveal is written down first. */
    async reveal(id: string, request: { what: "password" | "pin"; seatId?: string }, actor: Actor): Promise<string> {
      return db.transaction().execute(async (trx) => {
        const account = await repository.find(trx, id);
        if (!account) throw notFound(`No account with id ${id}`);
        const label = `${account.service} (${account.login})`;
        if (request.what === "password") {
          await audit.record(trx, actor, { kind: "password", what: "password", label, accountId: id }, now());
          return secrets.decrypt(account.passwordSecret, secretContext.accountPassword(id));
        }
        const seat = request.seatId ? await seatRows.findSeat(trx, request.seatId) : undefined;
        if (!seat || seat.accountId !== id)
          throw badRequest("Choose a seat of this account", [{ field: "seatId", message: "Not a seat of this account" }]);
        if (!seat.pinSecret) throw conflict(`Seat ${seat.position} has no PIN`, "seatId");
        await audit.record(trx, actor, { kind: "pin", what: `PIN of seat ${seat.position}`, label, accountId: id }, now());
        return secrets.decrypt(seat.pinSecret, secretContext.seatPin(seat.id));
      });
    },
  };
}
