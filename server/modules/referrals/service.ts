import { randomBytes } from "node:crypto";
import { said, type AdminAnswer } from "../../../domain/shared/admin-answer";
import { normalisePhone } from "../../../domain/customers/customers";
import { DEFAULT_REFERRAL_CREDIT, normaliseReferralCode, REFERRAL_CODE_LENGTH, referralCodeFromBytes } from "../../../domain/referrals/referrals";
import { referralSettingsSchema, type ReferralCredit, type ReferralSettings } from "../../../domain/referrals/schemas";
import type { Clock } from "../../db/clock";
import type { Db } from "../../db/database";
import { isUniqueViolation } from "../../errors";
import type { SettingsService } from "../settings/service";
import { staleEdit } from "../versions";
import { createReferralsRepository } from "./repository";
import type { BalanceBook } from "../balances/book";
import { SHOP_ACTOR } from "../../../domain/balances/balances";

/** Kept in the settings table under its own key; read from the database each time, so every instance agrees. */
const REFERRALS_KEY = "referrals";
const CODE_ATTEMPTS = 5;

/**
 * Referrals (ADR 0108): each customer's code, the credit a new customer's first order earns its referrer
 * once paid, which goes to the referrer's store credit (ADR 0127); a cancelled order takes it back.
 */
export function createReferralsService(
  db: Db,
  clock: Clock,
  {
    settings: storedSettings,
    book,
  }: {
    settings: Pick<SettingsService, "valueWithVersion" | "setValueIfVersion">;
    /** Store credit (ADR 0127): a referral's credit goes to the referrer's balance. */
    book: Pick<BalanceBook, "move">;
  },
) {
  const repository = createReferralsRepository();

  async function settingsWithVersion(within: Db = db): Promise<{ settings: ReferralSettings; version: number }> {
    const { value, version } = await storedSettings.valueWithVersion(REFERRALS_KEY, within);
    const parsed = referralSettingsSchema.safeParse(value);
    return { settings: parsed.success ? parsed.data : { creditAmount: DEFAULT_REFERRAL_CREDIT }, version };
  }

  return {
    settings: () => settingsWithVersion(),

    async saveSettings(settings: ReferralSettings, expected?: number): Promise<AdminAnswer<number>> {
      const version = await storedSettings.setValueIfVersion(REFERRALS_KEY, settings, expected);
      if (version === undefined) throw staleEdit();
      return said("Referral credit saved", version);
    },

    /** The customer's code, made the first time it is asked for (their customer link, a delivery message). */
    async codeFor(phoneKey: string): Promise<string> {
      for (let attempt = 1; ; attempt++) {
        const existing = await repository.codeOf(db, phoneKey);
        if (existing) return existing;
        try {
          await repository.insertCode(db, phoneKey, referralCodeFromBytes(randomBytes(REFERRAL_CODE_LENGTH)), clock().toISOString());
        } catch (error) {
          if (!isUniqueViolation(error) || attempt >= CODE_ATTEMPTS) throw error;
        }
      }
    },

    /**
     * The referrer a checkout's code names, when the order's phone is a new customer's (no order before) and not the
     * referrer's own; else null. A code that names no one is ignored: it never stops an order.
     */
    async referrerFor(trx: Db, rawCode: string | undefined, phoneKey: string | null): Promise<string | null> {
      if (!rawCode || !phoneKey) return null;
      const referrer = await repository.phoneOf(trx, normaliseReferralCode(rawCode));
      if (!referrer || referrer === phoneKey || (await repository.hasOrders(trx, phoneKey))) return null;
      return referrer;
    },

    /**
     * In the transaction that marks an order paid (or delivers it unpaid first): its referrer's credit, once, to
     * their store credit.
     */
    async award(trx: Db, orderId: string): Promise<void> {
      // Within the caller's transaction: on SQLite its one connection is held until it ends.
      const { settings } = await settingsWithVersion(trx);
      const referrer = await repository.award(trx, orderId, settings.creditAmount, clock().toISOString());
      if (referrer) {
        await book.move(trx, referrer, {
          amount: settings.creditAmount,
          kind: "referral",
          orderId,
          actor: SHOP_ACTOR,
          dedupe: `referral:${orderId}`,
        });
      }
    },

    /** The customer's code and the credit their referrals earned (it went to their store credit). */
    async creditOf(rawPhone: string): Promise<ReferralCredit> {
      const phone = normalisePhone(rawPhone) ?? rawPhone;
      const [code, credits] = await Promise.all([repository.codeOf(db, phone), repository.credits(db, phone)]);
      return { code: code ?? null, earned: credits.reduce((sum, credit) => sum + credit.amount, 0), credits };
    },
  };
}
export type ReferralsService = ReturnType<typeof createReferralsService>;
