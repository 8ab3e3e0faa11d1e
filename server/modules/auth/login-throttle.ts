import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Clock } from "../../db/clock";
import type { Db } from "../../db/database";
import { sharedSecret } from "../../db/shared-secrets";
import type { Limits } from "../../plugins/shared-limits";

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
 * How many accounts' failures memory remembers (on SQLite); beyond it the account with the fewest is
 * forgotten, so failing on thousands of made-up emails cannot wipe the count of the account under attack.
 */
const MAX_TRACKED_ACCOUNTS = 10_000;

/**
 * Guessing one account's password from many addresses is slowed by counting failures per account.
 * So that such an attacker cannot lock the real admin out, a browser that has signed in to the
 * account before carries a signed device cookie, and its attempts are neither counted nor refused
 * (OWASP's "device cookies"). Counts are shared by every instance on PostgreSQL, in memory on SQLite.
 */
export function createLoginThrottle(db: Db, clock: Clock, limits: Limits) {
  const failures = limits.events("sign-in failures", { maxKeys: MAX_TRACKED_ACCOUNTS });
  let secret: Promise<Buffer> | undefined;

  /** One secret per shop, kept in the database so device cookies outlive a restart and hold on every instance. */
  function deviceSecret(): Promise<Buffer> {
    secret ??= sharedSecret(db, SECRET_KEY, clock().toISOString()).catch((error: unknown) => {
      secret = undefined;
      throw error;
    });
    return secret;
  }

  const sign = async (email: string, nonce: string) =>
    createHmac("sha256", await deviceSecret())
      .update(`${email}\n${nonce}`)
      .digest("base64url");

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

    /**
     * Counts an attempt on `email` as a failure before it is tried, when the account may be tried: then
     * `forgive` uncounts it if the password was right. Requests arriving together each take a place, so no
     * more than the limit are ever tried. Answers the seconds to wait instead when the account may not be tried.
     */
    async attempt(email: string): Promise<{ forgive: () => Promise<void> } | { retryAfter: number }> {
      const taken = await failures.take(email, LOGIN_FAILURES_PER_ACCOUNT.max, LOGIN_FAILURES_PER_ACCOUNT.windowMs);
      if ("waitMs" in taken) return { retryAfter: Math.max(1, Math.ceil(taken.waitMs / 1000)) };
      return { forgive: () => failures.giveBack(email, taken.token) };
    },
  };
}
