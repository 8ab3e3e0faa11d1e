import { randomUUID } from "node:crypto";
import {
  accountWarnings,
  proposeSeat,
  rankSeats,
  RENEWAL_WARNING_DAYS,
  renewsOf,
  type Account,
  type AccountCreate,
  type AccountListQuery,
  type AccountPage,
  type AccountUpdate,
  type BillingCycle,
  type Reveal,
  type SeatChoice,
} from "../../../domain/accounts";
import { addDays, lineIsOver, shopToday } from "../../../domain/ledger-settings";
import type { SeatPlace } from "../../../domain/seller-messages";
import type { ChangeNotices } from "../../db/change-notices";
import type { Clock } from "../../db/clock";
import type { Db } from "../../db/database";
import { badRequest, conflict, isUniqueViolation, notFound } from "../../errors";
import type { Cipher } from "../secrets/cipher";
import { secretContext } from "../secrets/stored";
import { unmatched } from "../versions";
import { createAuditRepository, type Actor } from "../audit/repository";
import { ledgerTransaction } from "./ledger-transaction";
import { createAccountsRepository, type AccountRow, type OpenAssignment, type SeatRow } from "./repository";

export type LedgerLine = {
  lineId: string;
  itemId: string | null;
  expiryDate: string | null;
  status: string;
  /** The delivered order that renews this line: it carries the customer on (and took the seat over). */
  carriedOnBy: string | null;
  renewedLineIds: string[];
};

export type SeatProposal = {
  seatId: string;
  accountId: string;
  service: string;
  position: number;
  profileName: string;
  billingCycle: BillingCycle;
  renewalDate: string | null;
  renews: boolean;
} | null;

/** What a delivered line holds, for the delivery message: the secrets in the clear, so never logged or listed. */
export type HeldSeat = { service: string; login: string; password: string; position: number; profileName: string; pin: string | null };

export type LineSeat = {
  held: SeatProposal;
  proposal: SeatProposal;
  linked: boolean;
  sells: { seats: boolean; keys: boolean };
  neverExpires: boolean;
  endedOn: string | null;
  carriedOnBy: string | null;
};

export interface AccountsDependencies {
  graceDays: () => Promise<number>;
  /** The seller recorded a new password: the seat holders who follow their order on Telegram hear so (ADR 0107). */
  passwordChanged?: (trx: Db, accountId: string) => Promise<unknown>;
}

/** Free seats listed for one line to choose from. */
const MAX_CHOICES = 100;

export function createAccountsService(
  db: Db,
  clock: Clock,
  changes: ChangeNotices,
  secrets: Cipher,
  { graceDays, passwordChanged }: AccountsDependencies,
) {
  const repository = createAccountsRepository();
  const audit = createAuditRepository();
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

  /** Frees the seats of lines that ended more than the grace period ago without a renewal. */
  async function releaseExpired(): Promise<number> {
    const cutoff = addDays(today(), -(await graceDays()));
    const freed = await repository.releaseExpired(db, cutoff, now());
    if (freed > 0) await changes.publish("ledger");
    return freed;
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
      repository.seatsOf(trx, ids),
      repository.withHistory(trx, ids),
    ]);
    const holders = new Map((await repository.openAssignments(trx, { seatIds: seats.map((s) => s.id) })).map((a) => [a.seatId, a]));
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
    const existing = new Map((await repository.seatsOf(trx, [accountId])).map((seat) => [seat.id, seat]));
    const held = new Set((await repository.openAssignments(trx, { seatIds: [...existing.keys()] })).map((a) => a.seatId));
    const kept = new Set(input.flatMap((seat) => (seat.id ? [seat.id] : [])));
    for (const [id, seat] of existing) {
      if (kept.has(id)) continue;
      if (held.has(id)) throw conflict(`Seat ${seat.position} is in use: free or move its customer before removing it`, "seats");
      const holders = await repository.holdersOfSeat(trx, id);
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
      await repository.deleteSeat(trx, id);
    }
    // Positions move through a range no seat uses, so renumbering never meets the unique (account, position).
    for (const id of kept) {
      const seat = existing.get(id);
      if (!seat)
        throw badRequest("A seat of this form is not one of this account's seats", [{ field: "seats", message: "Unknown seat; reload the account" }]);
      await repository.updateSeat(trx, { ...seat, position: -1 - seat.position });
    }
    for (const [index, seat] of input.entries()) {
      const position = index + 1;
      if (seat.id) {
        const stored = existing.get(seat.id)!;
        const pinSecret =
          seat.pin === undefined ? stored.pinSecret : seat.pin === "" ? null : secrets.encrypt(seat.pin, secretContext.seatPin(seat.id));
        await repository.updateSeat(trx, { ...stored, position, profileName: seat.profileName, pinSecret });
      } else {
        const id = randomUUID();
        const pinSecret = seat.pin ? secrets.encrypt(seat.pin, secretContext.seatPin(id)) : null;
        await repository.insertSeat(trx, { id, accountId, position, profileName: seat.profileName, pinSecret });
      }
    }
  }

  async function lineOrThrow(trx: Db, lineId: string): Promise<LedgerLine> {
    const line = await trx
      .selectFrom("order_lines as l")
      .innerJoin("orders as o", "o.id", "l.order_id")
      .leftJoin("orders as renewal", (join) => join.onRef("renewal.id", "=", "l.renewal_order_id").on("renewal.status", "=", "delivered"))
      .select(["l.id as lineId", "l.item_id as itemId", "l.expiry_date as expiryDate", "o.status", "renewal.reference as carriedOnBy"])
      .where("l.id", "=", lineId)
      .executeTakeFirst();
    if (!line) throw notFound(`No order line ${lineId}`);
    // Lines this one renews: their seat is the one to keep the customer on.
    const renewed = await trx
      .selectFrom("order_lines as old")
      .innerJoin("order_lines as l", (join) => join.onRef("l.order_id", "=", "old.renewal_order_id"))
      .select("old.id")
      .where("l.id", "=", lineId)
      .execute();
    return { ...line, renewedLineIds: renewed.map((row) => row.id) };
  }

  async function proposalFor(trx: Db, line: LedgerLine): Promise<SeatProposal> {
    if (!line.itemId) return null;
    // A renewal stays on the seat of the line it renews, unless that account is retired.
    for (const renewedId of line.renewedLineIds) {
      const [held] = await repository.openAssignments(trx, { lineId: renewedId });
      if (held && (await repository.statusOfSeat(trx, held.seatId)) !== "retired") return describeSeat(trx, held.seatId);
    }
    const expiry = line.expiryDate ?? today();
    const seat = proposeSeat(await repository.candidates(trx, line.itemId), { itemId: line.itemId, expiryDate: expiry });
    return seat ? describeSeat(trx, seat.seatId) : null;
  }

  /** The free seats the line may take, best first (at most `MAX_CHOICES`), each named with its account. */
  async function choicesFor(trx: Db, line: LedgerLine): Promise<SeatChoice[]> {
    if (!line.itemId) return [];
    const ranked = rankSeats(await repository.candidates(trx, line.itemId), { itemId: line.itemId, expiryDate: line.expiryDate ?? today() }).slice(
      0,
      MAX_CHOICES,
    );
    const accountIds = [...new Set(ranked.map((seat) => seat.accountId))];
    const [accounts, seats] = await Promise.all([repository.list(trx, accountIds), repository.seatsOf(trx, accountIds)]);
    const accountOf = new Map(accounts.map((account) => [account.id, account]));
    const profileOf = new Map(seats.map((seat) => [seat.id, seat.profileName]));
    return ranked.map((seat) => {
      const account = accountOf.get(seat.accountId)!;
      return {
        seatId: seat.seatId,
        accountId: seat.accountId,
        service: account.service,
        login: account.login,
        position: seat.position,
        profileName: profileOf.get(seat.seatId) ?? "",
        billingCycle: account.billingCycle,
        renewalDate: account.renewalDate,
        renews: account.renews,
        fits: seat.fits,
      };
    });
  }

  async function describeSeat(trx: Db, seatId: string): Promise<SeatProposal> {
    const seat = await repository.findSeat(trx, seatId);
    if (!seat) return null;
    const account = await repository.find(trx, seat.accountId);
    return account
      ? {
          seatId,
          accountId: account.id,
          service: account.service,
          position: seat.position,
          profileName: seat.profileName,
          billingCycle: account.billingCycle,
          renewalDate: account.renewalDate,
          renews: account.renews,
        }
      : null;
  }

  /**
   * A seat the admin named must be on an active account serving the line's item, or be the seat the line
   * renews on an account that is not retired: a retired account takes no one new (ADR 0100).
   */
  async function checkChosen(trx: Db, line: LedgerLine, chosen: NonNullable<SeatProposal>) {
    for (const renewedId of line.renewedLineIds) {
      const [held] = await repository.openAssignments(trx, { lineId: renewedId });
      if (held?.seatId === chosen.seatId && (await repository.statusOfSeat(trx, chosen.seatId)) !== "retired") return;
    }
    const serves = line.itemId !== null && (await repository.candidates(trx, line.itemId)).some((seat) => seat.seatId === chosen.seatId);
    if (!serves) {
      throw conflict(
        `Seat ${chosen.position} of ${chosen.service} cannot take this line: its account is not active or does not serve this item`,
        "seatId",
      );
    }
  }

  /** `lineSeat`'s answer for one line, expired seats already released. */
  async function seatOfLine(lineId: string): Promise<{ line: LedgerLine; seat: LineSeat }> {
    const line = await lineOrThrow(db, lineId);
    const [held] = await repository.openAssignments(db, { lineId });
    const over = await isOver(line);
    const { neverExpires, ...sells } = await soldAs(db, line.itemId);
    const seat = {
      held: held ? await describeSeat(db, held.seatId) : null,
      // A line sold with keys is proposed no seat.
      // Nor is a line its delivered renewal carries on: the seat went with the renewal.
      proposal: held || over || !sells.seats || line.carriedOnBy ? null : await proposalFor(db, line),
      linked: sells.seats || sells.keys,
      sells,
      neverExpires,
      endedOn: over ? line.expiryDate : null,
      carriedOnBy: held ? null : line.carriedOnBy,
    };
    return { line, seat };
  }

  /** `grace`: the grace period read before a transaction (SQLite has one connection, busy with it). */
  async function isOver(line: LedgerLine, grace?: number): Promise<boolean> {
    return lineIsOver(line.expiryDate, today(), grace ?? (await graceDays()));
  }

  /**
   * How the item is sold: on seats when any account serves it, with keys when any key of it was ever stocked
   * (both, rarely, when the seller keeps both); and whether its keys never expire.
   */
  async function soldAs(trx: Db, itemId: string | null): Promise<{ seats: boolean; keys: boolean; neverExpires: boolean }> {
    if (!itemId) return { seats: false, keys: false, neverExpires: false };
    const [account, key, lifetime] = await Promise.all([
      trx.selectFrom("provider_account_items").select("item_id").where("item_id", "=", itemId).limit(1).executeTakeFirst(),
      trx.selectFrom("licence_keys").select("item_id").where("item_id", "=", itemId).limit(1).executeTakeFirst(),
      trx.selectFrom("lifetime_items").select("item_id").where("item_id", "=", itemId).executeTakeFirst(),
    ]);
    return { seats: account !== undefined, keys: key !== undefined, neverExpires: lifetime !== undefined };
  }

  /** `assignSeat`'s work, in the caller's transaction. */
  async function assignWithin(trx: Db, lineId: string, seatId?: string, grace?: number): Promise<SeatProposal> {
    const line = await lineOrThrow(trx, lineId);
    if (line.status !== "delivered") throw conflict("Seats are given to lines of delivered orders", "lineId");
    if (await isOver(line, grace)) throw conflict(`This line ended on ${line.expiryDate} and its grace period is over: it gets no seat`, "lineId");
    const chosen = seatId ? await describeSeat(trx, seatId) : await proposalFor(trx, line);
    if (!chosen) {
      throw seatId ? notFound(`No seat ${seatId}`) : conflict("No free seat fits this line: add an account or free a seat", "seatId");
    }
    if (seatId) await checkChosen(trx, line, chosen);
    const stamp = now();
    const [current] = await repository.openAssignments(trx, { lineId });
    if (current?.seatId === chosen.seatId) return chosen;
    if (current) await repository.endAssignment(trx, { lineId }, "moved", stamp);
    // A renewal takes the seat over from the line it renews.
    for (const renewedId of line.renewedLineIds) {
      const [held] = await repository.openAssignments(trx, { lineId: renewedId });
      if (held?.seatId === chosen.seatId) await repository.endAssignment(trx, { lineId: renewedId }, "renewed", stamp);
    }
    await repository.assign(trx, chosen.seatId, lineId, stamp);
    return chosen;
  }

  return {
    releaseExpired,

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

    async get(id: string): Promise<{ account: Account; reveals: Reveal[]; history: Awaited<ReturnType<typeof repository.seatHistory>> }> {
      await releaseExpired();
      const account = await findOrThrow(db, id);
      const [reveals, history] = await Promise.all([audit.ofAccount(db, id), repository.seatHistory(db, id)]);
      return { account, reveals, history };
    },

    async create(input: AccountCreate): Promise<Account> {
      const id = randomUUID();
      await write(async (trx) => {
        await checkItems(trx, input.itemIds);
        const passwordSecret = secrets.encrypt(input.password, secretContext.accountPassword(id));
        await repository.insert(trx, id, { ...input, renews: renewsOf(input), passwordSecret }, now());
        await repository.setItems(trx, id, [...new Set(input.itemIds)]);
        await saveSeats(trx, id, input.seats);
      });
      return findOrThrow(db, id);
    },

    /**
     * `expected`: the version the edit was read with; a newer one refuses it (409). Without it, last write wins.
     * Retiring the account, bringing it back and removing a seat that had holders are written to the audit log.
     */
    async update(id: string, input: AccountUpdate, actor: Actor, expected?: number): Promise<Account> {
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
      return findOrThrow(db, id);
    },

    /**
     * Deletes an account that never held a customer nor had a secret revealed. One with such a history is
     * retired instead (it gets no new seats, and its seats' history and reveal log stay); either is written to
     * the audit log. Seats in use are freed or moved first.
     */
    async delete(id: string, actor: Actor): Promise<"deleted" | "retired"> {
      return write(async (trx) => {
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
        const seat = request.seatId ? await repository.findSeat(trx, request.seatId) : undefined;
        if (!seat || seat.accountId !== id)
          throw badRequest("Choose a seat of this account", [{ field: "seatId", message: "Not a seat of this account" }]);
        if (!seat.pinSecret) throw conflict(`Seat ${seat.position} has no PIN`, "seatId");
        await audit.record(trx, actor, { kind: "pin", what: `PIN of seat ${seat.position}`, label, accountId: id }, now());
        return secrets.decrypt(seat.pinSecret, secretContext.seatPin(seat.id));
      });
    },

    /** The seat the line holds now, the seat Pasal would give it, and which tools fit it (seats, keys). */
    async lineSeat(lineId: string): Promise<LineSeat> {
      await releaseExpired();
      return (await seatOfLine(lineId)).seat;
    },

    /**
     * The orders screen's ledger: `lineSeat` of each line, with the free seats it may be put on (none for a
     * line that is over or sold with keys only), expired seats released once for all of them.
     */
    async lineLedgers(lineIds: readonly string[]): Promise<Array<LineSeat & { lineId: string; choices: SeatChoice[] }>> {
      if (lineIds.length === 0) return [];
      await releaseExpired();
      const ledgers = [];
      // One after another: SQLite has one connection, and an order screen shows a few delivered lines.
      for (const lineId of lineIds) {
        const { line, seat } = await seatOfLine(lineId);
        const choices = seat.endedOn || !(seat.held || seat.sells.seats) ? [] : await choicesFor(db, line);
        ledgers.push({ lineId, ...seat, choices });
      }
      return ledgers;
    },

    /** The free seats the admin may put a line on, best first; none for a line that is over. */
    async seatChoices(lineId: string): Promise<SeatChoice[]> {
      await releaseExpired();
      const line = await lineOrThrow(db, lineId);
      return (await isOver(line)) ? [] : choicesFor(db, line);
    },

    /** At or below `threshold` free seats and keys, the storefront says "Only N left" for the item. */
    async setThreshold(itemId: string, threshold: number): Promise<void> {
      await write(async (trx) => {
        const item = await trx.selectFrom("catalogue_items").select("id").where("id", "=", itemId).executeTakeFirst();
        if (!item) throw badRequest("Choose an item of the catalogue", [{ field: "itemId", message: "No such item in the catalogue" }]);
        await trx
          .insertInto("stock_thresholds")
          .values({ item_id: itemId, threshold })
          .onConflict((oc) => oc.column("item_id").doUpdateSet({ threshold }))
          .execute();
      });
    },

    /**
     * Puts a delivered line on a seat: the one named, or the one Pasal proposes. A line already on a seat moves
     * (its old holding ends as "moved", kept in the history). Of two lines asking for the last free seat at
     * once, the unique index lets exactly one have it; the other is told it is gone (ADR 0082).
     */
    async assignSeat(lineId: string, seatId?: string): Promise<SeatProposal> {
      await releaseExpired();
      try {
        return await write((trx) => assignWithin(trx, lineId, seatId));
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict("That seat was just given to another line: choose another", "seatId");
        throw error;
      }
    },

    /**
     * The seat Pasal proposes, taken in the caller's transaction (automatic delivery, issue 30), with the
     * checks of `assignSeat`; the caller publishes the ledger's change once it commits. A lost race is the
     * unique index's violation, which aborts the caller's transaction. `grace`: the grace period, read before.
     */
    async assignProposedWithin(trx: Db, lineId: string, grace: number): Promise<SeatProposal> {
      // A renewal carried over onto its customer's seat already holds it.
      const [current] = await repository.openAssignments(trx, { lineId });
      return current ? describeSeat(trx, current.seatId) : assignWithin(trx, lineId, undefined, grace);
    },

    /**
     * Moves a line onto the named seat in the caller's transaction, with the checks of `assignSeat` (issue 32);
     * its old holding ends as "moved". The caller publishes the ledger's change once it commits.
     */
    moveWithin: (trx: Db, lineId: string, seatId: string, grace: number) => assignWithin(trx, lineId, seatId, grace),

    /** How the item is sold (seats, keys), read in the caller's transaction. */
    toolsWithin: (trx: Db, itemId: string | null) => soldAs(trx, itemId),

    /**
     * Puts each delivered renewal on the seat of the line it renews, in the caller's transaction (the delivery):
     * the old holding ends as "renewed". A renewed line on no seat, or a renewal already on one, is left alone.
     * Free seats do not change, so no change notice is needed.
     */
    async carryOver(trx: Db, pairs: ReadonlyArray<{ lineId: string; renewedLineId: string }>): Promise<void> {
      const stamp = now();
      for (const { lineId, renewedLineId } of pairs) {
        const [held] = await repository.openAssignments(trx, { lineId: renewedLineId });
        const [current] = await repository.openAssignments(trx, { lineId });
        // A retired account takes no one new: the renewal is given a seat as any line is.
        if (!held || current || (await repository.statusOfSeat(trx, held.seatId)) === "retired") continue;
        await repository.endAssignment(trx, { lineId: renewedLineId }, "renewed", stamp);
        await repository.assign(trx, held.seatId, lineId, stamp);
      }
    },

    async freeSeat(lineId: string): Promise<void> {
      await write(async (trx) => {
        if (!(await repository.endAssignment(trx, { lineId }, "freed", now()))) throw notFound("This line holds no seat");
      });
    },

    /** The held seat with its secrets in the clear, for the delivery message; the caller records the reveal. */
    async heldSeat(lineId: string, actor: Actor): Promise<HeldSeat | null> {
      const [held] = await repository.openAssignments(db, { lineId });
      if (!held) return null;
      const seat = (await repository.findSeat(db, held.seatId))!;
      const account = (await repository.find(db, seat.accountId))!;
      await audit.record(
        db,
        actor,
        {
          kind: "delivery",
          what: `delivery message for seat ${seat.position} (${held.reference})`,
          label: `${account.service} (${account.login}), seat ${seat.position} for ${held.reference}`,
          accountId: account.id,
        },
        now(),
      );
      return {
        service: account.service,
        login: account.login,
        password: secrets.decrypt(account.passwordSecret, secretContext.accountPassword(account.id)),
        position: seat.position,
        profileName: seat.profileName,
        pin: seat.pinSecret ? secrets.decrypt(seat.pinSecret, secretContext.seatPin(seat.id)) : null,
      };
    },

    /** The seats these lines hold, named for the Renewals reminder ("Netflix Premium, profile Kid"; no secrets). */
    async seatNamesOf(lineIds: readonly string[]): Promise<Map<string, SeatPlace>> {
      const held = await repository.openAssignments(db, { lineIds });
      const names = new Map<string, SeatPlace>();
      for (const assignment of held) {
        const seat = await describeSeat(db, assignment.seatId);
        if (seat) names.set(assignment.lineId, { service: seat.service, profileName: seat.profileName, position: seat.position });
      }
      return names;
    },
  };
}
