import { said, type AdminAnswer } from "../../../domain/shared/admin-answer";
import type { FastifyBaseLogger } from "fastify";
import { defaultOrderLimits, orderLimitsSchema, type OrderLimits, type RefusalSummary } from "../../../domain/order-limits/schemas";
import { REFUSALS_SHOWN_HOURS, type CeilingKind } from "../../../domain/order-limits/order-limits";
import type { ChangeSignals } from "../../db/change-signals";
import type { Clock } from "../../db/clock";
import type { Db } from "../../db/database";
import type { Limits } from "../../plugins/shared-limits";
import type { AdminAtWork } from "../auth/service";
import type { SettingsService } from "../settings/service";
import { createStoredSettings } from "../settings/stored-settings";
import { createOrderLimitsRepository } from "./repository";

/** Kept in the settings table under keys of their own, beside the shop's settings. */
const LIMITS_KEY = "order-limits";
const SEEN_KEY = "ceiling-refusals-seen";
/** The window of the shop-wide ceilings: "a minute" is any 60 seconds, not the clock's minute. */
const CEILING_WINDOW_MS = 60_000;
/** Refusal counts are kept this long, for the banner and for anyone looking into a flood afterwards. */
export const REFUSALS_KEPT_DAYS = 7;

function withDefaults(stored: unknown): OrderLimits {
  const parsed = orderLimitsSchema.partial().safeParse(stored);
  return { ...defaultOrderLimits, ...(parsed.success ? parsed.data : {}) };
}

/** A place under a ceiling, given back when what it was taken for did not happen after all. */
export type CeilingPlace = { giveBack(): Promise<void> };

/**
 * The seller's limits on anonymous orders (ADR 0101): the settings, the shop-wide ceilings on orders
 * and on "I have paid" per minute, and the count of what they refused for the Orders screen's refusals banner. The
 * ceilings count in the shared limits (ADR 0022): in PostgreSQL for every instance at once, in memory on SQLite
 * (one instance); the refusals are rows in the database on both.
 */
export function createOrderLimitsService(
  db: Db,
  clock: Clock,
  changes: ChangeSignals,
  limits: Limits,
  log: FastifyBaseLogger,
  { settings }: { settings: Pick<SettingsService, "valueOf" | "setValue"> },
) {
  const repository = createOrderLimitsRepository();
  const stored = createStoredSettings(db, clock, changes, LIMITS_KEY, withDefaults);
  const ceilings = limits.events("order ceilings", { maxKeys: 10 });
  const maxOf: Record<CeilingKind, keyof OrderLimits> = {
    orders: "ordersPerMinute",
    "paid-claims": "paidClaimsPerMinute",
    "coupon-tries": "wrongCouponsPerMinute",
  };

  /**
   * Takes one place under the shop-wide ceiling of `kind`, or counts a refusal and answers the seconds to wait.
   * Checking and counting are one step on every instance together, so a burst cannot all pass before any counts.
   */
  async function take(kind: CeilingKind): Promise<CeilingPlace | { retryAfter: number }> {
    const max = (await stored.get())[maxOf[kind]];
    const taken = await ceilings.take(kind, max, CEILING_WINDOW_MS);
    if ("token" in taken) return { giveBack: () => ceilings.giveBack(kind, taken.token) };
    const now = clock().toISOString();
    const refusedThisMinute = await repository.recordRefusal(db, kind, now);
    // Once a minute at most, however many are refused: the log says a ceiling tripped, the banner says how often.
    if (refusedThisMinute === 1) log.warn({ ceiling: kind, perMinute: max }, "shop-wide ceiling reached: refusing anonymous requests");
    return { retryAfter: Math.max(1, Math.ceil(taken.waitMs / 1000)) };
  }

  return {
    get: stored.get,

    forEdit: stored.forEdit,

    /** With `expected`, only over that version (409 otherwise); answers the new version. With its audit line. */
    async save(limitsToSave: OrderLimits, { admin, log: requestLog }: AdminAtWork, expected?: number): Promise<AdminAnswer<number>> {
      const version = await stored.save(limitsToSave, expected);
      requestLog.info({ admin: admin.email, limits: limitsToSave }, "order limits saved");
      return said("Order limits saved. The shop uses them from now on.", version);
    },

    take,

    /** What the ceilings refused in the last day, since the seller last hid the banner; per kind. */
    async refusals(): Promise<RefusalSummary[]> {
      const now = clock().getTime();
      const seen = await settings.valueOf(SEEN_KEY);
      const dayAgo = new Date(now - REFUSALS_SHOWN_HOURS * 3_600_000).toISOString();
      const since = typeof seen === "string" && seen > dayAgo ? seen : dayAgo;
      return repository.refusalsSince(db, since);
    },

    /** The seller has read the banner: refusals up to now are no longer shown. */
    async hideRefusals({ admin, log: requestLog }: AdminAtWork): Promise<AdminAnswer> {
      await settings.setValue(SEEN_KEY, clock().toISOString());
      requestLog.info({ admin: admin.email }, "ceiling refusals notice hidden");
      return said("Notice hidden. New refusals will show it again.");
    },

    /** Counts pages a busy instance turned away instead of rendering them (ADR 0125), for the refusals banner. */
    async countBusyPages(count: number): Promise<void> {
      await repository.recordRefusal(db, "busy-pages", clock().toISOString(), count);
    },

    /** Forgets refusal counts older than REFUSALS_KEPT_DAYS (the sweep calls it). */
    async forgetOldRefusals(): Promise<void> {
      await repository.deleteRefusalsBefore(db, new Date(clock().getTime() - REFUSALS_KEPT_DAYS * 86_400_000).toISOString());
    },
  };
}
export type OrderLimitsService = ReturnType<typeof createOrderLimitsService>;
