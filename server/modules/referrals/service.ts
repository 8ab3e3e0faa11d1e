import { randomBytes } from "node:crypto";
import { said, type AdminAnswer } from "../../../domain/shared/admin-answer";
import { normalisePhone } from "../../../domain/customers/customers";
import { normaliseReference } from "../../../domain/orders/references";
import {
  availableCredit,
  DEFAULT_REFERRAL_CREDIT,
  normaliseReferralCode,
  REFERRAL_CODE_LENGTH,
  referralCodeFromBytes,
} from "../../../domain/referrals/referrals";
import { referralSettingsSchema, type ReferralCredit, type ReferralSettings } from "../../../domain/referrals/schemas";
import type { Clock } from "../../db/clock";
import type { Db } from "../../db/database";
import { conflict, isUniqueViolation, notFound } from "../../errors";
import type { SettingsService } from "../settings/service";
import { staleEdit } from "../versions";
import { createReferralsRepository } from "./repository";

/** Kept in the settings table under its own key; read from the database each time, so every instance agrees. */
const REFERRALS_KEY = "referrals";
const CODE_ATTEMPTS = 5;

/**
 * Referrals (ADR 0108): each customer's code, the credit a new customer's first order earns its referrer
 * once paid, and the seller applying a customer's credit to their next order. A credit is money off, never cash:
 * earned less used (cancelled orders give theirs back) is what can be applied.
 */
export function createReferralsService(
  db: Db,
  clock: Clock,
  { settings: storedSettings }: { settings: Pick<SettingsService, "valueWithVersion" | "setValueIfVersion"> },
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

    /** In the transaction that marks an order paid (or delivers it unpaid first): its referrer's credit, once. */
    async award(trx: Db, orderId: string): Promise<void> {
      // Within the caller's transaction: on SQLite its one connection is held until it ends.
      const { settings } = await settingsWithVersion(trx);
      await repository.award(trx, orderId, settings.creditAmount, clock().toISOString());
    },

    async creditOf(rawPhone: string): Promise<ReferralCredit> {
      const phone = normalisePhone(rawPhone) ?? rawPhone;
      const [code, credits, used] = await Promise.all([repository.codeOf(db, phone), repository.credits(db, phone), repository.used(db, phone)]);
      const earned = credits.reduce((sum, credit) => sum + credit.amount, 0);
      return { code: code ?? null, earned, used, available: availableCredit(earned, used), credits };
    },

    /**
     * Takes the customer's available credit (up to the total) off one of their orders awaiting payment, once. Two
     * applications at once for one customer are taken in turn: each first locks the customer's code row.
     */
    async applyToOrder(reference: string): Promise<AdminAnswer<number>> {
      const amount = await db.transaction().execute(async (trx) => {
        const order = await trx
          .selectFrom("orders")
          .select(["id", "reference", "phone_key", "status", "total", "credit_applied"])
          .where("reference", "=", normaliseReference(reference))
          .executeTakeFirst();
        if (!order) throw notFound(`No order with reference ${reference}`);
        if (!order.phone_key) throw conflict("This order has no phone, so no customer's credit can go to it");
        if (order.status !== "new" && order.status !== "contacted") throw conflict("Credit goes only to an order still awaiting payment");
        if (Number(order.credit_applied) > 0) throw conflict("This order already has credit applied");
        await trx
          .updateTable("referral_codes")
          .set({ code: (eb) => eb.ref("code") })
          .where("phone", "=", order.phone_key)
          .execute();
        const earned = (await repository.credits(trx, order.phone_key)).reduce((sum, credit) => sum + credit.amount, 0);
        const amount = Math.min(availableCredit(earned, await repository.used(trx, order.phone_key)), Number(order.total));
        if (amount <= 0) throw conflict("This customer has no credit left to apply");
        if (!(await repository.applyCredit(trx, order.id, amount, clock().toISOString())))
          throw conflict("Someone else changed this order just now. Reload it and try again.");
        return amount;
      });
      return said(`Credit of NPR ${amount} applied to ${reference}`, amount);
    },
  };
}
export type ReferralsService = ReturnType<typeof createReferralsService>;
