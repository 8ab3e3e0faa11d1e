/**
 * How long a plan lasts. Accounts are not always started on the day of the order,
 * so the number of days is a range: 27 to 33 days per month, except that 6 and 12 month plans
 * run about 30 days a month give or take 5 to 10 days.
 */

export type Validity =
  | { kind: "range"; months: number; minDays: number; maxDays: number }
  | { kind: "approximate"; months: number; days: number; differsBy: { min: number; max: number } };

export const LONG_PLAN_MONTHS = [6, 12] as const;
export const DAYS_PER_MONTH = { min: 27, nominal: 30, max: 33 } as const;
export const LONG_PLAN_DIFFERENCE = { min: 5, max: 10 } as const;

export function planValidity(months: number): Validity {
  if (!Number.isInteger(months) || months < 1) throw new RangeError(`A plan lasts a whole number of months, not ${months}`);
  if ((LONG_PLAN_MONTHS as readonly number[]).includes(months)) {
    return { kind: "approximate", months, days: months * DAYS_PER_MONTH.nominal, differsBy: { ...LONG_PLAN_DIFFERENCE } };
  }
  return { kind: "range", months, minDays: months * DAYS_PER_MONTH.min, maxDays: months * DAYS_PER_MONTH.max };
}

export { monthsLabel } from "../orders/checkout";

/** The validity in a few words, e.g. "81 to 99 days" or "about 180 days (± 5-10 days)". */
export function validityDays(validity: Validity): string {
  return validity.kind === "range"
    ? `${validity.minDays} to ${validity.maxDays} days`
    : `about ${validity.days} days (± ${validity.differsBy.min}-${validity.differsBy.max} days)`;
}

/** The sentence shown next to the chosen plan. */
export function validitySentence(validity: Validity): string {
  const plan = `A ${validity.months} month plan`;
  return validity.kind === "range"
    ? `${plan} is valid for ${validity.minDays} to ${validity.maxDays} days. Accounts are not always started on the day you order, so the exact number of days can vary.`
    : `${plan} is valid for about ${validity.days} days. Accounts are not always started on the day you order, so the exact validity can differ by ${validity.differsBy.min}-${validity.differsBy.max} days.`;
}
