import { randomUUID } from "node:crypto";
import { said, type AdminAnswer } from "../../../domain/shared/admin-answer";
import { absoluteLink } from "../../../domain/shared/links";
import { localHref, readLocale, type Locale } from "../../../domain/shared/locale";
import { problemAnswerHead } from "../../../domain/shared/messages";
import type { MoveConfirm, MoveProposal } from "../../../domain/ledger/schemas";
import type { NoticeEvent } from "../../../domain/telegram/notices";
import { internationalPhone } from "../../../domain/orders/order-message";
import {
  OPEN_PROBLEMS_PER_ORDER,
  PROBLEM_KIND_NAMES,
  problemRefusal,
  REPORTS_PER_HOUR,
  RESOLVED_SHOWN_DAYS,
  type ProblemHolding,
  type ProblemKind,
  type QueuedProblem,
  type ShopperProblem,
} from "../../../domain/problems/problems";
import type { ShopperProblemNews } from "../../../domain/telegram/shopper-notices";
import type { ChangeSignals } from "../../db/change-signals";
import type { Clock } from "../../db/clock";
import type { Db } from "../../db/database";
import { badRequest, conflict, notFound, TooManyRequests } from "../../errors";
import type { Actor } from "../actor";
import type { AuditLog } from "../audit/service";
import { createProblemsRepository, type EventRow, type ProblemRow } from "./repository";
import type { RefundDestination } from "../../../domain/refunds/refunds";
import { coveredOn, lineWarranty } from "../../../domain/warranty/warranty";
import { shopToday } from "../../../domain/shared/shop-time";

const HOUR = 60 * 60_000;
/** Problems of each kind (not resolved, resolved lately) the queue shows at most. */
const QUEUE_LIMIT = 200;
/** Who the history names for the shopper's own steps. */
const SHOPPER = "shopper";

export const STALE_PROBLEM = "Someone acted on this problem just now (or you pressed twice): nothing was done. Reload the queue and look again.";

export interface ProblemsDependencies {
  publicUrl: string | undefined;
  shopperOrders: {
    /** The order a shopper's link names, its key checked (and wrong keys counted) as on the order page. */
    forPayment(reference: string, key: string, address: string): Promise<{ id: string; reference: string; status: string }>;
    shopperPathOf(orderId: string): Promise<{ path: string; language: Locale } | null>;
  };
  accountHealth: {
    moveProposals(accountId: string, lineIds: readonly string[]): Promise<MoveProposal[]>;
    move(accountId: string, confirm: MoveConfirm, actor: Actor): Promise<unknown>;
  };
  licenceKeys: {
    replaceWithin(trx: Db, lineId: string, itemName: string): Promise<number>;
    stock(): Promise<Array<{ itemId: string; inStock: number }>>;
  };
  /** A line nothing can replace is refunded for its days left (ADR 0127); the problem is resolved with it. */
  refunds: { refund(reference: string, lineId: string, to: RefundDestination, actor: Actor): Promise<AdminAnswer<unknown>> };
  /** The audit log, written in the write's own transaction (ADR 0100). */
  audit: Pick<AuditLog, "record">;
  /** The seller's bot hears of a new problem; a shopper's chat that follows the order hears of the seller's steps. */
  notices?: {
    record(trx: Db, event: NoticeEvent): Promise<unknown>;
    problemNews(trx: Db, orderId: string, what: ShopperProblemNews): Promise<unknown>;
  };
}

/**
 * Problems shoppers report on delivered lines, and the seller's queue (ADR 0111). Each problem keeps its
 * history in `problem_events`; every seller action names the version it was shown, so it acts once.
 */
export function createProblemsService(db: Db, clock: Clock, changes: ChangeSignals, deps: ProblemsDependencies) {
  const repository = createProblemsRepository();
  const { audit } = deps;
  const now = () => clock().toISOString();

  async function problemOrThrow(trx: Db, id: string): Promise<ProblemRow> {
    const problem = await repository.find(trx, id);
    if (!problem) throw notFound("No such problem: reload the queue");
    return problem;
  }

  /** Moves the problem on from `version`, in the caller's transaction, or refuses (409) when it moved meanwhile. */
  async function step(trx: Db, problem: ProblemRow, version: number, status?: ProblemRow["status"]) {
    if (!(await repository.bump(trx, problem.id, version, now(), status))) throw conflict(STALE_PROBLEM, "version");
  }

  const grouped = (events: EventRow[]) => {
    const byProblem = new Map<string, EventRow[]>();
    for (const event of events) byProblem.set(event.problemId, [...(byProblem.get(event.problemId) ?? []), event]);
    return byProblem;
  };

  /** The chat links that tell the shopper the newest answer, with their order's link; never a secret. */
  async function tellLinks(problem: ProblemRow, events: EventRow[], origin: string | undefined): Promise<QueuedProblem["tell"]> {
    const answer = events.filter((event) => event.kind === "answered").at(-1);
    if (!answer || !problem.phone) return null;
    const page = await deps.shopperOrders.shopperPathOf(problem.orderId);
    const locale = readLocale(problem.language);
    const link = page ? absoluteLink(deps.publicUrl ?? origin, localHref(locale, page.path)) : "";
    const head = problemAnswerHead[locale](problem.reference, problem.lineName);
    const text = encodeURIComponent([head, answer.text, link].filter(Boolean).join("\n\n"));
    const phone = internationalPhone(problem.phone);
    return { whatsappUrl: `https://wa.me/${phone}?text=${text}`, telegramUrl: `https://t.me/+${phone}?text=${text}` };
  }

  async function holdings(problems: ProblemRow[]): Promise<Map<string, ProblemHolding>> {
    const lineIds = [...new Set(problems.map((problem) => problem.lineId))];
    const [seats, keys, stock] = await Promise.all([repository.seats(db, lineIds), repository.keyCounts(db, lineIds), deps.licenceKeys.stock()]);
    const inStock = new Map(stock.map((row) => [row.itemId, row.inStock]));
    const held = new Map<string, ProblemHolding>();
    for (const problem of problems) {
      const seat = seats.find((row) => row.lineId === problem.lineId);
      if (seat) {
        // A move is proposed only while the problem is the seller's to act on.
        const [proposed] = problem.status === "resolved" ? [] : await deps.accountHealth.moveProposals(seat.accountId, [problem.lineId]);
        const to = proposed?.to;
        held.set(problem.lineId, {
          kind: "seat",
          accountId: seat.accountId,
          service: seat.service,
          login: seat.login,
          position: seat.position,
          profileName: seat.profileName,
          proposal: to
            ? { fromSeatId: seat.seatId, seatId: to.seatId, service: to.service, login: to.login, position: to.position, profileName: to.profileName }
            : null,
        });
      } else if (keys.get(problem.lineId)) {
        held.set(problem.lineId, { kind: "key", keys: keys.get(problem.lineId)!, inStock: (problem.itemId && inStock.get(problem.itemId)) || 0 });
      } else held.set(problem.lineId, { kind: "none" });
    }
    return held;
  }

  /** The line's warranty, and whether the problem was reported inside it (the shop's date of the report). */
  function warrantyOf(problem: ProblemRow): QueuedProblem["warranty"] {
    const warranty = lineWarranty(problem);
    return warranty && { until: warranty.until, covered: coveredOn(warranty, shopToday(new Date(problem.createdAt))) };
  }

  /** What the shopper's chat hears, after the step's own transaction: a failed notice never undoes the step. */
  async function tellShopper(problem: ProblemRow, what: ShopperProblemNews) {
    if (deps.notices) await deps.notices.problemNews(db, problem.orderId, what);
  }

  return {
    /**
     * A shopper reports a problem on a delivered line of the order their link opens. At most
     * OPEN_PROBLEMS_PER_ORDER not resolved and REPORTS_PER_HOUR an hour per order (429), counted in the database
     * under the order's lock, so every instance keeps them. The order's problems, as its page shows them.
     */
    async report(
      reference: string,
      input: { key: string; lineId: string; kind: ProblemKind; text: string },
      address: string,
      locale: Locale,
    ): Promise<ShopperProblem[]> {
      const order = await deps.shopperOrders.forPayment(reference, input.key, address);
      if (order.status !== "delivered") throw conflict(problemRefusal.notDelivered(locale));
      const stamp = now();
      const line = await db
        .selectFrom("order_lines")
        .select(["id", "name"])
        .where("id", "=", input.lineId)
        .where("order_id", "=", order.id)
        .executeTakeFirst();
      if (!line) throw badRequest(problemRefusal.notThisOrder(locale), [{ field: "lineId", message: problemRefusal.notThisOrder(locale) }]);
      await db.transaction().execute(async (trx) => {
        await repository.lockOrder(trx, order.id);
        const counts = await repository.orderCounts(trx, order.id, new Date(clock().getTime() - HOUR).toISOString());
        if (counts.open >= OPEN_PROBLEMS_PER_ORDER) throw new TooManyRequests(problemRefusal.tooManyOpen(locale), 3600);
        if (counts.recent.length >= REPORTS_PER_HOUR) {
          const wait = Math.max(1, Math.ceil((Date.parse(counts.recent[0]!) + HOUR - clock().getTime()) / 1000));
          throw new TooManyRequests(problemRefusal.tooManyReports(wait, locale), wait);
        }
        const id = randomUUID();
        await repository.insert(trx, { id, orderId: order.id, lineId: line.id, kind: input.kind, text: input.text, now: stamp });
        await repository.addEvent(trx, id, { kind: "reported", text: input.text, who: SHOPPER, at: stamp });
        const customer = await trx.selectFrom("orders").select("customer_name").where("id", "=", order.id).executeTakeFirst();
        await deps.notices?.record(trx, {
          kind: "problem-reported",
          reference: order.reference,
          lineName: line.name,
          problemKind: PROBLEM_KIND_NAMES[input.kind],
          text: input.text,
          customerName: customer?.customer_name ?? null,
        });
      });
      return this.forShopper(order.id);
    },

    /** The order's problems with their history, oldest first; the seller's answers in their words, our steps by kind. */
    async forShopper(orderId: string): Promise<ShopperProblem[]> {
      const problems = await repository.ofOrder(db, orderId);
      const events = grouped(
        await repository.events(
          db,
          problems.map((problem) => problem.id),
        ),
      );
      return problems.map((problem) => ({
        id: problem.id,
        lineId: problem.lineId,
        kind: problem.kind,
        text: problem.text,
        status: problem.status,
        createdAt: problem.createdAt,
        events: (events.get(problem.id) ?? [])
          .filter((event) => event.kind !== "reported")
          // Our own steps name no seat or key: the page shows those where delivered things are shown.
          .map((event) => ({ kind: event.kind, text: event.kind === "answered" ? event.text : "", at: event.at })),
      }));
    },

    /** The problems of the order a shopper's page shows, by its reference (its key already checked by the page). */
    async forOrderPage(reference: string): Promise<ShopperProblem[]> {
      const order = await db.selectFrom("orders").select("id").where("reference", "=", reference).executeTakeFirst();
      return order ? this.forShopper(order.id) : [];
    },

    linesWithNewKey: (reference: string) => repository.linesWithNewKey(db, reference),

    openCount: () => repository.openCount(db),

    /**
     * The seller's queue: problems not resolved, oldest first, then those resolved in the last RESOLVED_SHOWN_DAYS,
     * newest first; each with its line's seat or keys and its history. `origin`: the site the order links are for.
     */
    async queue(origin?: string): Promise<QueuedProblem[]> {
      const since = new Date(clock().getTime() - RESOLVED_SHOWN_DAYS * 86_400_000).toISOString();
      const problems = await repository.queue(db, since, QUEUE_LIMIT);
      const [events, held] = await Promise.all([
        repository
          .events(
            db,
            problems.map((problem) => problem.id),
          )
          .then(grouped),
        holdings(problems),
      ]);
      return Promise.all(
        problems.map(async (problem) => {
          const history = events.get(problem.id) ?? [];
          return {
            id: problem.id,
            version: problem.version,
            reference: problem.reference,
            customerName: problem.customerName,
            phone: problem.phone,
            lineId: problem.lineId,
            lineName: problem.lineName,
            kind: problem.kind,
            text: problem.text,
            status: problem.status,
            createdAt: problem.createdAt,
            updatedAt: problem.updatedAt,
            holding: held.get(problem.lineId)!,
            warranty: warrantyOf(problem),
            events: history.map(({ kind, text, who, at }) => ({ kind, text, who, at })),
            tell: await tellLinks(problem, history, origin),
          };
        }),
      );
    },

    /** The seller's answer, shown to the shopper on the order page; an open problem becomes answered. */
    async answer(id: string, { version, text }: { version: number; text: string }, actor: Actor): Promise<AdminAnswer> {
      const problem = await db.transaction().execute(async (trx) => {
        const problem = await problemOrThrow(trx, id);
        await step(trx, problem, version, problem.status === "open" ? "answered" : undefined);
        await repository.addEvent(trx, id, { kind: "answered", text, who: actor.email, at: now() });
        return problem;
      });
      await tellShopper(problem, "answered");
      return said("Answer saved: the shopper sees it on their order page");
    },

    /**
     * Moves the problem's holder to the seat proposed, through the account screen's move (its checks, its
     * history of seats, its notice to tell the holder, its audit line), then writes the step.
     */
    async moveSeat(
      id: string,
      { version, fromSeatId, seatId }: { version: number; fromSeatId: string; seatId: string },
      actor: Actor,
    ): Promise<AdminAnswer<string>> {
      const problem = await problemOrThrow(db, id);
      if (problem.version !== version) throw conflict(STALE_PROBLEM, "version");
      const [seat] = await repository.seats(db, [problem.lineId]);
      if (!seat || seat.seatId !== fromSeatId) throw conflict("This line no longer holds the seat it was shown with: reload the queue", "seatId");
      await deps.accountHealth.move(seat.accountId, { moves: [{ lineId: problem.lineId, fromSeatId, seatId }] }, actor);
      const [now_] = await repository.seats(db, [problem.lineId]);
      const where = now_ ? `${now_.service} (${now_.login}), seat ${now_.position}` : "another seat";
      await db.transaction().execute(async (trx) => {
        // The move is done whatever the version says now: the step is written in any case.
        await repository.bump(trx, id, (await problemOrThrow(trx, id)).version, now());
        await repository.addEvent(trx, id, {
          kind: "seat-moved",
          text: `Moved from ${seat.service} (${seat.login}), seat ${seat.position}, to ${where}`,
          who: actor.email,
          at: now(),
        });
      });
      await tellShopper(problem, "seat-moved");
      return said(`Moved to ${where}: tell the holder their new details from the account's screen`, where);
    },

    /**
     * A new key in place of the line's: its keys are retired and as many taken from stock, in one transaction
     * with the step. Two presses at once: the first moves the version on, the second is refused (409) and takes
     * nothing. Out of stock: 409, and nothing changed.
     */
    async newKey(id: string, { version }: { version: number }, actor: Actor): Promise<AdminAnswer<number>> {
      try {
        const { problem, given } = await db.transaction().execute(async (trx) => {
          const problem = await problemOrThrow(trx, id);
          await step(trx, problem, version);
          const given = await deps.licenceKeys.replaceWithin(trx, problem.lineId, problem.lineName);
          const stamp = now();
          await repository.addEvent(trx, id, {
            kind: "new-key",
            text: given === 1 ? "The key was replaced by a new one from stock" : `${given} keys were replaced by new ones from stock`,
            who: actor.email,
            at: stamp,
          });
          await audit.record(
            trx,
            actor,
            {
              kind: "other",
              what: `licence key replaced from a reported problem (${given === 1 ? "1 key" : `${given} keys`})`,
              label: `${problem.lineName} for ${problem.reference}`,
            },
            stamp,
          );
          return { problem, given };
        });
        await tellShopper(problem, "new-key");
        return said(`${given === 1 ? "New key" : `${given} new keys`} given: the shopper's order page shows it`, given);
      } finally {
        await changes.publish("ledger");
      }
    },

    /**
     * Nothing can replace the line: it is refunded for its days left (the refunds' own checks: once, delivered, to where
     * it can go), then the problem is resolved with the refund in its history and the shopper is told.
     */
    async refund(id: string, { version, to }: { version: number; to: RefundDestination }, actor: Actor): Promise<AdminAnswer> {
      const problem = await problemOrThrow(db, id);
      if (problem.version !== version) throw conflict(STALE_PROBLEM, "version");
      const { message } = await deps.refunds.refund(problem.reference, problem.lineId, to, actor);
      await db.transaction().execute(async (trx) => {
        // The refund is made whatever the version says now: the step is written in any case.
        await repository.bump(trx, id, (await problemOrThrow(trx, id)).version, now(), "resolved");
        await repository.addEvent(trx, id, { kind: "refunded", text: message, who: actor.email, at: now() });
      });
      await tellShopper(problem, "refunded");
      return said(`${message}; the problem is resolved`);
    },

    /** Resolved (the shopper's page says so), or open again. */
    async setResolved(id: string, { version }: { version: number }, resolved: boolean, actor: Actor): Promise<AdminAnswer> {
      const problem = await db.transaction().execute(async (trx) => {
        const problem = await problemOrThrow(trx, id);
        if ((problem.status === "resolved") === resolved)
          throw conflict(resolved ? "This problem is resolved already" : "This problem is not resolved: nothing to reopen", "version");
        await step(trx, problem, version, resolved ? "resolved" : "open");
        await repository.addEvent(trx, id, { kind: resolved ? "resolved" : "reopened", text: "", who: actor.email, at: now() });
        return problem;
      });
      if (resolved) await tellShopper(problem, "resolved");
      return said(resolved ? "Problem resolved" : "Problem open again");
    },
  };
}
