import type { ReferralCredit } from "../../../domain/referrals/schemas";
import { formatNpr } from "../../../domain/shared/money";
import { card, mutedText } from "../../components/ui";
import { formatDateTime } from "../../lib/admin/format";

/** The customer's referral code and what it earned: each referred order's credit once paid, added to their store credit. */
export function ReferralCreditSection({ credit }: { credit: ReferralCredit }) {
  return (
    <section aria-labelledby="customer-referral" className={`${card} mt-6 p-4 sm:p-5`}>
      <h2 id="customer-referral" className="text-lg font-semibold">
        Referral credit
      </h2>
      <p className={`mt-1 text-sm ${mutedText}`}>
        {credit.code ? (
          <>
            Code <span className="font-mono font-semibold">{credit.code}</span> (in their customer link and delivery messages).
          </>
        ) : (
          "No referral code yet: one is made with their customer link."
        )}
      </p>
      <p className="mt-3 text-sm">
        Earned in all: <span className="font-semibold">NPR {formatNpr(credit.earned)}</span>, each credit added to their store credit.
      </p>
      {credit.credits.length > 0 && (
        <ul className="mt-3 space-y-1 text-sm">
          {credit.credits.map((earned) => (
            <li key={earned.reference}>
              NPR {formatNpr(earned.amount)} for <span className="font-mono">{earned.reference}</span>, {formatDateTime(earned.createdAt)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
