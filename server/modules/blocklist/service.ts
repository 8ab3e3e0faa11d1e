import { said, type AdminAnswer } from "../../../domain/shared/admin-answer";
import { blockedCheckoutText } from "../../../domain/blocklist/blocklist";
import type { BlockedAttempt, BlockedPhone, BlockInput } from "../../../domain/blocklist/schemas";
import { normalisePhone } from "../../../domain/customers/customers";
import type { Locale } from "../../../domain/shared/locale";
import type { ShopSettings } from "../../../domain/settings/settings";
import type { Clock } from "../../db/clock";
import type { Db } from "../../db/database";
import { conflict, HttpError, notFound } from "../../errors";
import { createBlocklistRepository } from "./repository";

/** Attempts the blocklist screen shows, newest first. */
export const ATTEMPTS_SHOWN = 100;

/**
 * The seller's blocklist (ADR 0108). Read from the database at each checkout (one indexed look-up), never
 * kept in memory: a phone blocked through one instance is refused by all of them at once.
 */
export function createBlocklistService(db: Db, clock: Clock, { settings }: { settings: { shop(): Promise<ShopSettings> } }) {
  const repository = createBlocklistRepository();

  return {
    async list(): Promise<{ items: BlockedPhone[]; attempts: BlockedAttempt[] }> {
      const [items, attempts] = await Promise.all([repository.list(db), repository.attempts(db, ATTEMPTS_SHOWN)]);
      return { items, attempts };
    },

    async block(input: BlockInput): Promise<AdminAnswer> {
      if (!(await repository.insert(db, input, clock().toISOString()))) throw conflict(`${input.phone} is already blocked`, "phone");
      return said(`${input.phone} is blocked`);
    },

    async unblock(raw: string): Promise<AdminAnswer<string>> {
      const phone = normalisePhone(raw) ?? raw;
      if (!(await repository.remove(db, phone))) throw notFound(`${phone} is not on the blocklist`);
      return said(`${phone} is no longer blocked`, phone);
    },

    /**
     * Refuses (403) a checkout from a blocked phone with the seller's contacts, in the shopper's language, and
     * writes the attempt down for the seller. Called before anything of the order is stored.
     */
    async refuseBlocked(phone: string | null, attempt: { channel: string; total: number }, locale: Locale): Promise<void> {
      const phoneKey = normalisePhone(phone);
      if (!phoneKey || !(await repository.isBlocked(db, phoneKey))) return;
      await repository.recordAttempt(db, { phone: phoneKey, ...attempt }, clock().toISOString());
      throw new HttpError(403, blockedCheckoutText(await settings.shop(), locale));
    },
  };
}
export type BlocklistService = ReturnType<typeof createBlocklistService>;
