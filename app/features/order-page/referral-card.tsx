import { formatNpr } from "../../../domain/shared/locale-format";
import type { ShopperCustomer } from "../../../domain/customer-links/customer-page";
import { card, mutedText } from "../../components/ui";
import { useLocale } from "../../lib/i18n";
import { m } from "../../paraglide/messages";
import { CopyButton } from "./copy-button";

/** The customer's referral code to share, and what their referrals earned (it went to their store credit). */
export function ReferralCard({ referral }: { referral: ShopperCustomer["referral"] }) {
  const locale = useLocale();
  const npr = (amount: number) => formatNpr(amount, locale);
  return (
    <section aria-labelledby="subs-referral" className={`${card} mt-8 p-4 sm:p-5`}>
      <h2 id="subs-referral" className="text-lg font-semibold">
        {m.my_referral_title()}
      </h2>
      <p className={`mt-2 ${mutedText}`}>{m.my_referral_text({ code: referral.code, amount: npr(referral.creditAmount) })}</p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <span className="rounded-lg bg-slate-100 px-3 py-2 font-mono text-lg font-semibold tracking-wider dark:bg-slate-800">{referral.code}</span>
        <CopyButton value={referral.code} label={m.copy_referral()} />
      </div>
      <p className="mt-3 text-sm" data-testid="referral-credit">
        {m.my_referral_credit({ earned: npr(referral.earned) })}
      </p>
    </section>
  );
}
