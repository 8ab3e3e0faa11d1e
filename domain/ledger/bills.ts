import { addDays } from "./settings";
import { addMonths } from "../orders/dates";
import { CYCLE_MONTHS } from "./accounts";
import type { BillDue, WeekMoney } from "./schemas";

// ---------------------------------------------------------------------------------------------
// Bills to the provider

/** The days ahead, today included, that the dashboard's week and the bills due list look at. */
export const BILLS_WINDOW_DAYS = 7;

/** The next bill after one paid: a month or a year on. */
export const nextBillDate = (billingCycle: "monthly" | "yearly", renewalDate: string): string => addMonths(renewalDate, CYCLE_MONTHS[billingCycle]);

/** What must be paid to providers this week against what customers owe for renewals this week. */
export function weekMoney(
  today: string,
  bills: ReadonlyArray<Pick<BillDue, "renewalDate" | "cost">>,
  renewals: ReadonlyArray<{ expiryDate: string; currentPrice: number | null }>,
): WeekMoney {
  const to = addDays(today, BILLS_WINDOW_DAYS - 1);
  const inWeek = (day: string) => day >= today && day <= to;
  const billsInWeek = bills.filter((bill) => inWeek(bill.renewalDate));
  const renewalsInWeek = renewals.filter((renewal) => inWeek(renewal.expiryDate));
  return {
    from: today,
    to,
    toProviders: billsInWeek.reduce((sum, bill) => sum + bill.cost, 0),
    bills: billsInWeek.length,
    fromRenewals: renewalsInWeek.reduce((sum, renewal) => sum + (renewal.currentPrice ?? 0), 0),
    renewals: renewalsInWeek.length,
  };
}
