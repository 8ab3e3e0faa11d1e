import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Clock } from "../../db/clock";
import type { Db } from "../../db/database";
import { createSettingsRepository } from "../settings/repository";

/** Sign-in attempts per client address, whatever the outcome. */
export const LOGIN_ATTEMPTS_PER_ADDRESS = { max: 10, timeWindow: 60_000 };
/** Failed sign-ins per account from browsers that have never signed in to it. */
export const LOGIN_FAILURES_PER_ACCOUNT = { max: 100, windowMs: 60 * 60_000 };
/**
 * Wrong current passwords given to the password change, per account: a stolen session cookie must not
 * become a way to guess the password and take the account over.
 */
export const PASSWORD_CHANGE_FAILURES_PER_ACCOUNT = { max: 5, timeWindow: 15 * 60_000 };

const SECRET_KEY = "device_cookie_secret";
/**
 * How many accounts' failures are remembered; beyond it the account with the fewest is forgotten, so
 * failing on thousands of made-up emails cannot wipe the count of the account under attack.
 */
const MAX_TRACKED_ACCOUNTS = 10_000;

/**
 * Guessing one account's password from many addresses is slowed by counting failures per account.
 * So that such an attacker cannot lock the real admin out, a browser that has signed in to the
 * account before carries a signed device cookie, and its attempts are neither counted nor refused
 * (OWASP's "device cookies"). Counts live in memory: one process, reset on restart.
 */
export function createLoginThrottle(db: Db, clock: Clock) {
  const settings = createSettingsRepository();
  const failures = new Map<string, number[]>();
  let secret: Promise<Buffer> | undefined;

  /** One secret per shop, kept in the database so device cookies outlive a restart. */
  function deviceSecret(): Promise<Buffer> {
    secret ??= (async () => {
      const stored = await settings.get(db, SECRET_KEY);
      if (typeof stored === "string") return Buffer.from(stored, "base64");
      const fresh = randomBytes(32).toString("base64");
      await db.transaction().execute(async (trx) => {
        // Two processes starting together: the first secret written wins, and both read it back.
        if ((await settings.get(trx, SECRET_KEY)) === undefined) await settings.set(trx, SECRET_KEY, fresh, clock().toISOString());
      });
      return Buffer.from((await settings.get(db, SECRET_KEY)) as string, "base64");
    })().catch((error) => {
      secret = undefined;
      throw error;
    });
    return secret;
  }

  const sign = async (email: string, nonce: string) =>
    createHmac("sha256", await deviceSecret())
      .update(`${email}\n${nonce}`)
      .digest("base64url");

  function recent(email: string, now: number): number[] {
    const list = (failures.get(email) ?? []).filter((at) => now - at < LOGIN_FAILURES_PER_ACCOUNT.windowMs);
    if (list.length) failures.set(email, list);
    else failures.delete(email);
    return list;
  }

  function leastFailed(): string {
    let least: [string, number] | undefined;
    for (const [email, list] of failures) if (!least || list.length < least[1]) least = [email, list.length];
    return least![0];
  }

  return {
    /** A cookie value proving this browser signed in to `email`. */
    async deviceToken(email: string): Promise<string> {
      const nonce = randomBytes(12).toString("base64url");
      return `${nonce}.${await sign(email, nonce)}`;
    },

    async isKnownDevice(email: string, token: string | undefined): Promise<boolean> {
      const [nonce, mac] = token?.split(".") ?? [];
      if (!nonce || !mac || token!.length > 200) return false;
      const expected = Buffer.from(await sign(email, nonce));
      const given = Buffer.from(mac);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },

    /** Seconds until `email` may be tried again by an unknown browser; 0 when it may now. */
    retryAfter(email: string): number {
      const now = clock().getTime();
      const list = recent(email, now);
      if (list.length < LOGIN_FAILURES_PER_ACCOUNT.max) return 0;
      const oldestThatCounts = list[list.length - LOGIN_FAILURES_PER_ACCOUNT.max]!;
      return Math.max(1, Math.ceil((oldestThatCounts + LOGIN_FAILURES_PER_ACCOUNT.windowMs - now) / 1000));
    },

    recordFailure(email: string): void {
      const now = clock().getTime();
      const list = recent(email, now);
      list.push(now);
      failures.delete(email);
      failures.set(email, list.slice(-LOGIN_FAILURES_PER_ACCOUNT.max));
      if (failures.size > MAX_TRACKED_ACCOUNTS) failures.delete(leastFailed());
    },
  };
}
