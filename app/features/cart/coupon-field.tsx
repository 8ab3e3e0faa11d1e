import { useId, useState, type FormEvent, type InputHTMLAttributes, type ReactNode } from "react";
import { focusRing, mutedText, secondaryButton } from "../../components/ui";
import { typedReferralCode } from "../../../domain/referrals/referrals";
import { couponActions, referralActions, useKeptReferral, type CouponState } from "../../lib/cart/coupon";
import { rupees } from "../../lib/cart/rupees";
import { useLocale } from "../../lib/i18n";
import { m } from "../../paraglide/messages";

const inputClass =
  "block w-full min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base uppercase text-slate-900 focus:outline-2 focus:outline-brand-500 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100";

const keptTone = "font-medium text-emerald-700 dark:text-emerald-400";

/** A code the cart keeps: what it does (read out as it changes), and its Remove. */
function KeptCode({
  className,
  tone,
  removeLabel,
  onRemove,
  children,
}: {
  className: string;
  tone: string;
  removeLabel: string;
  onRemove: () => void;
  children: ReactNode;
}) {
  return (
    <div className={`flex flex-wrap items-center justify-between gap-3 ${className}`}>
      <p role="status" className={`text-sm ${tone}`}>
        {children}
      </p>
      <button
        type="button"
        onClick={onRemove}
        className={`rounded px-2 py-1 text-sm font-medium text-brand-700 underline underline-offset-2 dark:text-brand-400 ${focusRing}`}
      >
        {removeLabel}
      </button>
    </div>
  );
}

/** A labelled box for a code (typed in capitals, never corrected) and the button that sends it. */
function CodeBox({
  id,
  name,
  label,
  submitLabel,
  ...input
}: { id: string; name: string; label: string; submitLabel: string } & Omit<InputHTMLAttributes<HTMLInputElement>, "className">) {
  return (
    <>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <div className="mt-1 flex gap-2">
        <input id={id} name={name} autoComplete="off" autoCapitalize="characters" spellCheck={false} {...input} className={inputClass} />
        <button type="submit" className={`${secondaryButton} px-4 py-2`}>
          {submitLabel}
        </button>
      </div>
    </>
  );
}

/** "Coupon code" with Apply, or the coupon applied (or why not) with Remove. */
export function CouponField({ state, className = "" }: { state: CouponState; className?: string }) {
  const id = useId();
  const locale = useLocale();
  const [typed, setTyped] = useState("");
  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (typed.trim()) couponActions.set(typed);
    setTyped("");
  };
  const { code, answer, checking } = state;
  if (code) {
    const refused = answer && "problem" in answer;
    return (
      <KeptCode
        className={className}
        tone={refused ? "font-medium text-red-700 dark:text-red-400" : answer ? keptTone : mutedText}
        removeLabel={m.coupon_remove()}
        onRemove={couponActions.clear}
      >
        {checking
          ? m.coupon_checking()
          : answer
            ? "problem" in answer
              ? answer.problem
              : m.coupon_applied({ code: answer.code, amount: rupees(answer.discount, locale) })
            : m.coupon_unchecked({ code })}
      </KeptCode>
    );
  }
  return (
    <form onSubmit={apply} className={className}>
      <CodeBox
        id={`${id}-coupon`}
        name="coupon"
        label={m.coupon_label()}
        submitLabel={m.coupon_apply()}
        maxLength={40}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
      />
    </form>
  );
}

/**
 * A friend's referral code, typed here or kept from their link (`?ref=`): sent with the order, where a new
 * customer's first paid order earns the friend a credit. Folded away until asked for; open while one is kept.
 */
export function ReferralField({ className = "" }: { className?: string }) {
  const id = useId();
  const kept = useKeptReferral();
  const [typed, setTyped] = useState("");
  const [problem, setProblem] = useState(false);
  const use = (event: FormEvent) => {
    event.preventDefault();
    const code = typedReferralCode(typed);
    setProblem(!code);
    if (!code) return;
    referralActions.set(code);
    setTyped("");
  };
  if (kept) {
    return (
      <KeptCode className={className} tone={keptTone} removeLabel={m.referral_remove()} onRemove={referralActions.clear}>
        {m.referral_kept({ code: kept })}
      </KeptCode>
    );
  }
  return (
    <details className={className}>
      <summary className={`cursor-pointer rounded py-1 text-sm font-medium text-brand-700 dark:text-brand-400 ${focusRing}`}>
        {m.referral_ask()}
      </summary>
      <form onSubmit={use} noValidate className="mt-2">
        <CodeBox
          id={`${id}-referral`}
          name="referral"
          label={m.referral_label()}
          submitLabel={m.referral_use()}
          maxLength={20}
          placeholder="R-ABC234"
          aria-invalid={problem || undefined}
          aria-describedby={problem ? `${id}-referral-problem` : undefined}
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
            setProblem(false);
          }}
        />
        {problem && (
          <p id={`${id}-referral-problem`} role="alert" className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">
            {m.referral_invalid()}
          </p>
        )}
      </form>
    </details>
  );
}
