import { z } from "zod";
import { BALANCE_KIND_LABELS, CREDIT_REASON_MAX, MAX_CREDIT_NPR } from "../../../domain/balances/balances";
import { addCreditInputSchema, type AdminBalanceStatement } from "../../../domain/balances/schemas";
import { formatNpr } from "../../../domain/shared/money";
import { card, mutedText } from "../../components/ui";
import { formatDateTime } from "../../lib/admin/format";
import { InputField, sectionHeading, SubmitButton } from "../../lib/admin/form-parts";
import { useAdminAction } from "../../lib/admin/use-admin-action";

/** The seller's "Add credit" on a customer's page (ADR 0127). */
export const storeCreditActionSchema = z.object({ intent: z.literal("credit-add"), fields: addCreditInputSchema });

const signed = (amount: number) => `${amount < 0 ? "−" : "+"}NPR ${formatNpr(Math.abs(amount))}`;

/**
 * The customer's store credit: the balance (the sum of its movements), each movement with who made it, and Add
 * credit with the reason the customer reads on their page.
 */
export function StoreCreditSection({ statement }: { statement: AdminBalanceStatement }) {
  // Empty again once the credit is added.
  const add = useAdminAction(storeCreditActionSchema, { reset: true });
  const { errors, formRef, pending } = add;
  const submit = add.handleSubmit((form) =>
    add.submit({ intent: "credit-add", fields: { amount: Number(form.get("amount") ?? 0), reason: String(form.get("reason") ?? "") } }),
  );
  return (
    <section aria-labelledby="customer-credit" className={`${card} mt-6 p-4 sm:p-5`}>
      <h2 id="customer-credit" className={sectionHeading}>
        Store credit
      </h2>
      <p className="mt-1 text-2xl font-bold" data-testid="store-credit-balance">
        NPR {formatNpr(statement.balance)}
      </p>
      <p className={`text-sm ${mutedText}`}>
        Theirs to spend on their customer page (renewals, orders awaiting payment), or yours to use on an order of theirs.
      </p>
      {statement.movements.length === 0 ? (
        <p className={`mt-3 text-sm ${mutedText}`}>No movements yet.</p>
      ) : (
        <ul aria-label="Store credit movements" className="mt-3 divide-y divide-slate-200 text-sm dark:divide-slate-800">
          {statement.movements.map((movement) => (
            <li key={movement.seq} className="flex flex-wrap items-baseline justify-between gap-x-3 py-2">
              <span className="min-w-0">
                <span className="font-medium">{BALANCE_KIND_LABELS[movement.kind]}</span>
                {movement.reference && <span className="font-mono"> {movement.reference}</span>}
                {movement.reason && <span className="break-words">: {movement.reason}</span>}
                <span className={`block ${mutedText}`}>
                  {formatDateTime(movement.at)} · {movement.actor}
                </span>
              </span>
              <span className="whitespace-nowrap text-right">
                <span className={`font-semibold ${movement.amount < 0 ? "" : "text-emerald-700 dark:text-emerald-400"}`}>
                  {signed(movement.amount)}
                </span>
                <span className={`block ${mutedText}`}>NPR {formatNpr(movement.balanceAfter)}</span>
              </span>
            </li>
          ))}
        </ul>
      )}
      <form
        ref={formRef}
        onSubmit={submit}
        noValidate
        aria-labelledby="credit-add"
        className="mt-4 space-y-3 border-t border-slate-200 pt-4 dark:border-slate-800"
      >
        <h3 id="credit-add" className="font-semibold">
          Add credit
        </h3>
        <div className="grid gap-3 sm:grid-cols-[10rem_1fr]">
          <InputField
            label="Amount (NPR)"
            name="amount"
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_CREDIT_NPR}
            step={1}
            required
            error={errors.amount}
          />
          <InputField
            label="Reason"
            name="reason"
            required
            maxLength={CREDIT_REASON_MAX}
            hint="The customer reads it on their page."
            autoComplete="off"
            error={errors.reason}
          />
        </div>
        <SubmitButton pending={pending} className="px-4 py-2.5">
          Add credit
        </SubmitButton>
      </form>
    </section>
  );
}
