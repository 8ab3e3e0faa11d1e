import type { FastifyBaseLogger } from "fastify";
import type { Services } from "../services";
import type { Job } from "./scheduler";

/** How often the "new" orders past their time are cancelled (ADR 0101), and refusal counts past a week forgotten. */
export const EXPIRY_SWEEP_MS = 5 * 60_000;
/** How often sessions past their expiry are deleted. */
export const SESSION_SWEEP_MS = 15 * 60_000;
/** How often replaced passwords and PINs past their 7 days are looked for (ADR 0109). */
export const PREVIOUS_SECRETS_SWEEP_MS = 10 * 60_000;
/** How often provider accounts' mailboxes are read for the seller (ADR 0126). */
export const MAILBOX_WATCH_MS = 60_000;
/** How often the lines set to renew themselves from store credit are looked at (ADR 0127). */
export const AUTO_RENEW_SWEEP_MS = 10 * 60_000;
/** How often the shared limits' ended counts are deleted from PostgreSQL (ADR 0022). */
export const LIMIT_PURGE_MS = 60_000;

/**
 * Every periodic job of the shop, in one list (ADR 0120): adding one is an entry here. The Telegram bot's worker is
 * not one of them: it is a loop that one instance keeps for as long as it holds the bot's lock (ADR 0105).
 */
export function shopJobs(services: Services, log: FastifyBaseLogger): Job[] {
  const jobs: Job[] = [
    {
      name: "expire stale orders",
      everyMs: EXPIRY_SWEEP_MS,
      async run() {
        const [expired] = await Promise.all([services.orders.expireStale(), services.orderLimits.forgetOldRefusals()]);
        if (expired > 0) log.info({ expired }, "new orders nobody took up expired");
      },
    },
    { name: "delete expired sessions", everyMs: SESSION_SWEEP_MS, run: () => services.auth.deleteExpiredSessions() },
    {
      name: "delete replaced secrets",
      everyMs: PREVIOUS_SECRETS_SWEEP_MS,
      async run() {
        const deleted = await services.previousSecrets.sweep();
        if (deleted > 0) log.info({ deleted }, "replaced secrets past their 7 days deleted");
      },
    },
    { name: "read provider mailboxes", everyMs: MAILBOX_WATCH_MS, run: () => services.mailboxes.watch() },
    {
      name: "renew lines from store credit",
      everyMs: AUTO_RENEW_SWEEP_MS,
      async run() {
        const { renewed, short } = await services.storeCredit.autoRenewDue();
        if (renewed.length > 0 || short > 0) log.info({ renewed, short }, "lines renewed from store credit");
      },
    },
  ];
  // In memory (SQLite) the counts forget by themselves.
  if (services.limits.shared) jobs.push({ name: "delete ended limit counts", everyMs: LIMIT_PURGE_MS, run: () => services.limits.purge() });
  return jobs;
}
