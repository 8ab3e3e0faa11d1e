import { useEffect, useId, useState, type FormEvent } from "react";
import type { CartLine } from "../../../domain/cart";
import { focusRing, mutedText, secondaryButton } from "../../components/ui";
import { checkCoupon, couponActions, useCartCoupon, type CouponAnswer } from "../../lib/cart/coupon";
import { rupees } from "../../lib/cart/rupees";
import { useLocale } from "../../lib/i18n";
import { m } from "../../paraglide/messages";

export type CouponState = { code: string | null; answer: CouponAnswer | null; checking: boolean };

/** The coupon kept with the cart, checked by the server against the cart as it is now. */
export function useCouponQuote(cart: readonly CartLine[]): CouponState {
  const code = useCartCoupon();
  // The lines as priced: a change of plan, devices or price asks again.
  const asked = `${code}|${cart.map((line) => `${line._id}:${line.month}:${line.selectedDevice}:${line.cost}`).join(",")}`;
  const [checked, setChecked] = useState<{ asked: string; answer: CouponAnswer | null } | null>(null);
  useEffect(() => {
    if (!code) return;
    let current = true;
    void checkCoupon(cart, code).then((answer) => {
      if (current) setChecked({ asked, answer });
    });
    return () => {
      current = false;
    };
    // `asked` stands for the code and the cart's lines.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [asked]);
  const answered = checked?.asked === asked;
  return { code, answer: answered ? checked.answer : null, checking: !!code && !answered };
}

/** What the coupon takes off, when the server says it applies. */
export const couponDiscount = (state: CouponState) => (state.answer && "discount" in state.answer ? state.answer.discount : 0);

const inputClass =
  "block w-full min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base uppercase text-slate-900 focus:outline-2 focus:outline-brand-500 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100";

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
      <div className={`flex flex-wrap items-center justify-between gap-3 ${className}`}>
        <p
          role="status"
          className={`text-sm ${refused ? "font-medium text-red-700 dark:text-red-400" : answer ? "font-medium text-emerald-700 dark:text-emerald-400" : mutedText}`}
        >
          {checking
            ? m.coupon_checking()
            : answer
              ? "problem" in answer
                ? answer.problem
                : m.coupon_applied({ code: answer.code, amount: rupees(answer.discount, locale) })
              : m.coupon_unchecked({ code })}
        </p>
        <button
          type="button"
          onClick={() => couponActions.clear()}
          className={`rounded px-2 py-1 text-sm font-medium text-brand-700 underline underline-offset-2 dark:text-brand-400 ${focusRing}`}
        >
          {m.coupon_remove()}
        </button>
      </div>
    );
  }
  return (
    <form onSubmit={apply} className={className}>
      <label htmlFor={`${id}-coupon`} className="text-sm font-medium">
        {m.coupon_label()}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={`${id}-coupon`}
          name="coupon"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={40}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          className={inputClass}
        />
        <button type="submit" className={`${secondaryButton} px-4 py-2`}>
          {m.coupon_apply()}
        </button>
      </div>
    </form>
  );
}
