import { said, type AdminAnswer } from "../../../domain/shared/admin-answer";
import { proposeSeat, rankSeats } from "../../../domain/ledger/seats";
import type { BillingCycle } from "../../../domain/ledger/accounts";
import type { SeatChoice } from "../../../domain/ledger/schemas";
import { addDays, lineIsOver, shopToday } from "../../../domain/ledger/settings";
import type { SeatPlace } from "../../../domain/ledger/seller-messages";
import type { ChangeSignals } from "../../db/change-signals";
import type { Clock } from "../../db/clock";
import type { Db } from "../../db/database";
import { linesWithOrders } from "../../db/order-shapes";
import { conflict, isUniqueViolation, notFound } from "../../errors";
import type { Cipher } from "../secrets/cipher";
import { secretContext } from "../secrets/stored";
import type { Actor } from "../actor";
import type { AuditLog } from "../audit/service";
import { ledgerTransaction } from "./ledger-transaction";
import { createAccountsRepository } from "./repository";
import { createSeatsRepository } from "./seats-repository";

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

export interface SeatsDependencies {
  graceDays: () => Promise<number>;
  /** The audit log, written in the write's own transaction (ADR 0100). */
  audit: Pick<AuditLog, "record">;
}

/** Free seats listed for one line to choose from. */
const MAX_CHOICES = 100;

/**
 * The seats of the provider accounts as order lines hold them: which seat a line holds, the one
 * Pasal proposes and the free ones it may take, putting a line on a seat, moving it, carrying a renewal over
 * and freeing it, releasing the seats of lines past their grace period, and the held seat for the delivery message.
 */
export function createSeatsService(db: Db, clock: Clock, changes: ChangeSignals, secrets: Cipher, { graceDays, audit }: SeatsDependencies) {
  const repository = createAccountsRepository();
  const seatRows = createSeatsRepository();
  const write = ledgerTransaction(db, changes);
  const today = () => shopToday(clock());
  const now = () => clock().toISOString();

  /** Frees the seats of lines that ended more than the grace period ago without a renewal. */
  async function releaseExpired(): Promise<number> {
    const cutoff = addDays(today(), -(await graceDays()));
    const freed = await seatRows.releaseExpired(db, cutoff, now());
    if (freed > 0) await changes.publish("ledger");
    return freed;
  }

  async function lineOrThrow(trx: Db, lineId: string): Promise<LedgerLine> {
    const line = await linesWithOrders(trx)
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
      const [held] = await seatRows.openAssignments(trx, { lineId: renewedId });
      if (held && (await seatRows.statusOfSeat(trx, held.seatId)) !== "retired") return describeSeat(trx, held.seatId);
    }
    const expiry = line.expiryDate ?? today();
    const seat = proposeSeat(await seatRows.candidates(trx, line.itemId), { itemId: line.itemId, expiryDate: expiry });
    return seat ? describeSeat(trx, seat.seatId) : null;
  }

  /** The free seats the line may take, best first (at most `MAX_CHOICES`), each named with its account. */
  async function choicesFor(trx: Db, line: LedgerLine): Promise<SeatChoice[]> {
    if (!line.itemId) return [];
    const ranked = rankSeats(await seatRows.candidates(trx, line.itemId), { itemId: line.itemId, expiryDate: line.expiryDate ?? today() }).slice(
      0,
      MAX_CHOICES,
    );
    const accountIds = [...new Set(ranked.map((seat) => seat.accountId))];
    const [accounts, seats] = await Promise.all([repository.list(trx, accountIds), seatRows.seatsOf(trx, accountIds)]);
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
    const seat = await seatRows.findSeat(trx, seatId);
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
      const [held] = await seatRows.openAssignments(trx, { lineId: renewedId });
      if (held?.seatId === chosen.seatId && (await seatRows.statusOfSeat(trx, chosen.seatId)) !== "retired") return;
    }
    const serves = line.itemId !== null && (await seatRows.candidates(trx, line.itemId)).some((seat) => seat.seatId === chosen.seatId);
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
    const [held] = await seatRows.openAssignments(db, { lineId });
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
    const [current] = await seatRows.openAssignments(trx, { lineId });
    if (current?.seatId === chosen.seatId) return chosen;
    if (current) await seatRows.endAssignment(trx, { lineId }, "moved", stamp);
    // A renewal takes the seat over from the line it renews.
    for (const renewedId of line.renewedLineIds) {
      const [held] = await seatRows.openAssignments(trx, { lineId: renewedId });
      if (held?.seatId === chosen.seatId) await seatRows.endAssignment(trx, { lineId: renewedId }, "renewed", stamp);
    }
    await seatRows.assign(trx, chosen.seatId, lineId, stamp);
    return chosen;
  }

  return {
    releaseExpired,

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

    /**
     * Puts a delivered line on a seat: the one named, or the one Pasal proposes. A line already on a seat moves
     * (its old holding ends as "moved", kept in the history). Of two lines asking for the last free seat at
     * once, the unique index lets exactly one have it; the other is told it is gone (ADR 0082).
     */
    async assignSeat(lineId: string, seatId?: string): Promise<AdminAnswer<SeatProposal>> {
      await releaseExpired();
      try {
        const seat = (await write((trx) => assignWithin(trx, lineId, seatId)))!;
        return said(`On ${seat.service}, seat ${seat.position}`, seat);
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict("That seat was just given to another line: choose another", "seatId");
        throw error;
      }
    },

    /**
     * The seat Pasal proposes, taken in the caller's transaction (automatic delivery), with the
     * checks of `assignSeat`; the caller publishes the ledger's change once it commits. A lost race is the
     * unique index's violation, which aborts the caller's transaction. `grace`: the grace period, read before.
     */
    async assignProposedWithin(trx: Db, lineId: string, grace: number): Promise<SeatProposal> {
      // A renewal carried over onto its customer's seat already holds it.
      const [current] = await seatRows.openAssignments(trx, { lineId });
      return current ? describeSeat(trx, current.seatId) : assignWithin(trx, lineId, undefined, grace);
    },

    /**
     * Moves a line onto the named seat in the caller's transaction, with the checks of `assignSeat`;
     * its old holding ends as "moved". The caller publishes the ledger's change once it commits.
     */
    moveWithin: (trx: Db, lineId: string, seatId: string, grace: number) => assignWithin(trx, lineId, seatId, grace),

    /** How the item is sold (seats, keys), read in the caller's transaction. */
    toolsWithin: (trx: Db, itemId: string | null) => soldAs(trx, itemId),

    /**
     * Puts each delivered renewal on the seat of the line it renews, in the caller's transaction (the delivery):
     * the old holding ends as "renewed". A renewed line on no seat, or a renewal already on one, is left alone.
     * Free seats do not change, so no change signal is needed.
     */
    async carryOver(trx: Db, pairs: ReadonlyArray<{ lineId: string; renewedLineId: string }>): Promise<void> {
      const stamp = now();
      for (const { lineId, renewedLineId } of pairs) {
        const [held] = await seatRows.openAssignments(trx, { lineId: renewedLineId });
        const [current] = await seatRows.openAssignments(trx, { lineId });
        // A retired account takes no one new: the renewal is given a seat as any line is.
        if (!held || current || (await seatRows.statusOfSeat(trx, held.seatId)) === "retired") continue;
        await seatRows.endAssignment(trx, { lineId: renewedLineId }, "renewed", stamp);
        await seatRows.assign(trx, held.seatId, lineId, stamp);
      }
    },

    /**
     * Frees the seat a line holds, in the caller's transaction (a refund ends the line, issue 46); the caller publishes
     * the ledger's change after its commit. false when the line held none.
     */
    freeWithin: (trx: Db, lineId: string, reason: string) => seatRows.endAssignment(trx, { lineId }, reason, now()),

    /** Tells the other instances the ledger changed (after a write of another module's transaction). */
    changed: () => changes.publish("ledger"),

    async freeSeat(lineId: string): Promise<AdminAnswer> {
      await write(async (trx) => {
        if (!(await seatRows.endAssignment(trx, { lineId }, "freed", now()))) throw notFound("This line holds no seat");
      });
      return said("Seat freed");
    },

    /** The held seat with its secrets in the clear, for the delivery message; the caller records the reveal. */
    async heldSeat(lineId: string, actor: Actor): Promise<HeldSeat | null> {
      const [held] = await seatRows.openAssignments(db, { lineId });
      if (!held) return null;
      const seat = (await seatRows.findSeat(db, held.seatId))!;
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
      const held = await seatRows.openAssignments(db, { lineIds });
      const names = new Map<string, SeatPlace>();
      for (const assignment of held) {
        const seat = await describeSeat(db, assignment.seatId);
        if (seat) names.set(assignment.lineId, { service: seat.service, profileName: seat.profileName, position: seat.position });
      }
      return names;
    },
  };
}
