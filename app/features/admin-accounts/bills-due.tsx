import { useState } from "react";
import { Link } from "react-router";
import { BILLS_WINDOW_DAYS } from "../../../domain/ledger/bills";
import type { BillDue } from "../../../domain/ledger/schemas";
import { formatNpr } from "../../../domain/shared/money";
import { card, focusRing, mutedText, secondaryButton } from "../../components/ui";
import { sectionHeading } from "../../lib/admin/form-parts";
import { useAdminAction } from "../../lib/admin/use-admin-action";
import { accountActionSchema } from "./account-actions";

const when = (daysLeft: number) =>
  daysLeft < 0
    ? `${-daysLeft} ${daysLeft === -1 ? "day" : "days"} overdue`
    : daysLeft === 0
      ? "due today"
      : `in ${daysLeft} ${daysLeft === 1 ? "day" : "days"}`;

function BillRow({ bill, pending, onPaid }: { bill: BillDue; pending: boolean; onPaid: () => void }) {
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
      <div className="min-w-0">
        <Link
          to={`/admin/accounts/${encodeURIComponent(bill.accountId)}`}
          className={`rounded font-semibold underline-offset-2 hover:underline ${focusRing}`}
        >
          {bill.service}
        </Link>{" "}
        <span className={`break-all ${mutedText}`}>{bill.login}</span>
        <span className={`block ${bill.daysLeft < 0 ? "font-medium text-red-700 dark:text-red-300" : mutedText}`}>
          NPR {formatNpr(bill.cost)} on {bill.renewalDate} ({when(bill.daysLeft)}), {bill.seatsUsed} {bill.seatsUsed === 1 ? "seat" : "seats"} in use
        </span>
      </div>
      <button
        type="button"
        className={`${secondaryButton} px-3 py-1.5 text-sm`}
        disabled={pending}
        aria-label={`Mark the ${bill.renewalDate} bill of ${bill.service} (${bill.login}) paid`}
        onClick={onPaid}
      >
        {pending ? "Saving…" : "Paid"}
      </button>
    </li>
  );
}

/** Provider bills due within the week or past: what the seller must pay, with Paid moving each a cycle on. */
export function BillsDue({ bills }: { bills: BillDue[] }) {
  // One write loop for the list: a paid bill leaves it, and its message is still shown.
  const paid = useAdminAction(accountActionSchema);
  const [paying, setPaying] = useState<string | null>(null);
  const total = bills.reduce((sum, bill) => sum + bill.cost, 0);
  return (
    <section aria-labelledby="bills-title" className={`${card} p-4`}>
      <h2 id="bills-title" className={sectionHeading}>
        Bills due
      </h2>
      <p className={`text-sm ${mutedText}`}>
        {bills.length === 0
          ? `No provider bill is due within ${BILLS_WINDOW_DAYS} days.`
          : `NPR ${formatNpr(total)} to pay providers within ${BILLS_WINDOW_DAYS} days or overdue. Paid moves the next bill a month or a year on.`}
      </p>
      {bills.length > 0 && (
        <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-800" aria-label="Bills due">
          {bills.map((bill) => (
            <BillRow
              key={`${bill.accountId}-${bill.renewalDate}`}
              bill={bill}
              pending={paid.pending && paying === bill.accountId}
              onPaid={() => {
                setPaying(bill.accountId);
                paid.submit({ intent: "bill-paid", id: bill.accountId, fields: { renewalDate: bill.renewalDate } });
              }}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
