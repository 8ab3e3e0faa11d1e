import {
  accountPeriods,
  addDays,
  costBetween,
  paidBy,
  revenueBetween,
  seatDaysBetween,
  daysBetween,
  type HeldSpan,
  firstDayOf,
  monthsEndingWith,
  REPORT_MONTHS,
  renewalRate,
  roundParts,
  shiftMonth,
  shopDayStart,
  DISCOUNTS_ROW,
  REFUNDS_ROW,
  TOP_SERVICES,
  topWithOther,
} from "../../../domain/reports/reports";
import type { AccountProfit, CustomerMonth, DashboardMoney, MoneyMonth, RenewalMonth, ServiceMoney } from "../../../domain/reports/schemas";
import { shopToday } from "../../../domain/shared/shop-time";
import type { Clock } from "../../db/clock";
import type { Db } from "../../db/database";
import { createReportsRepository, type AccountCostRow, type MonthBounds } from "./repository";

function boundsOf(months: readonly string[]): MonthBounds {
  return { months, starts: [...months, shiftMonth(months.at(-1)!, 1)].map((month) => shopDayStart(firstDayOf(month))) };
}

/** An account's cost on the days of [from, to), in rupees (not rounded). */
function accountCost(account: AccountCostRow, from: string, to: string): number {
  const periods = accountPeriods({ ...account, createdDay: shopToday(new Date(account.createdAt)) });
  return costBetween(periods, from, to);
}

export function createReportsService(db: Db, clock: Clock) {
  const repository = createReportsRepository();
  const thisMonth = () => shopToday(clock()).slice(0, 7);

  /** Revenue, cost and margin for each of `months` (consecutive, oldest first). */
  async function money(months: readonly string[]): Promise<MoneyMonth[]> {
    const bounds = boundsOf(months);
    const [revenue, keyCost, accounts, credit] = await Promise.all([
      repository.revenueByMonth(db, bounds),
      repository.keyCostByMonth(db, bounds),
      repository.accounts(db),
      repository.creditByMonth(db, bounds),
    ]);
    return months.map((month) => {
      const from = firstDayOf(month);
      const to = firstDayOf(shiftMonth(month, 1));
      const providers = Math.round(accounts.reduce((sum, account) => sum + accountCost(account, from, to), 0));
      const cost = providers + (keyCost.get(month) ?? 0);
      const { revenue: earned, discount } = revenue.get(month) ?? { revenue: 0, discount: 0 };
      const { refunds, creditGiven, topUps } = credit.get(month) ?? { refunds: 0, creditGiven: 0, topUps: 0 };
      // Refunds give money back in the month they are made; credit given and top-ups are owed, not earned, until spent.
      return { month, revenue: earned, discount, refunds, creditGiven, topUps, cost, margin: earned - refunds - cost };
    });
  }

  /**
   * Every service's revenue, cost and margin in `month`, largest revenue first, then what coupons and referral
   * credit took off (a coupon may serve some lines of an order only, so it stays a row of its own): the rows add
   * up to the month's revenue.
   */
  async function moneyByService(month: string): Promise<{ services: ServiceMoney[]; adjustments: ServiceMoney[] }> {
    const from = firstDayOf(month);
    const to = firstDayOf(shiftMonth(month, 1));
    const [fromAt, toAt] = [shopDayStart(from), shopDayStart(to)];
    const [revenue, keyCost, accounts, discount, refunded] = await Promise.all([
      repository.revenueByService(db, fromAt, toAt),
      repository.keyCostByItem(db, fromAt, toAt),
      repository.accounts(db),
      repository.discountsBetween(db, fromAt, toAt),
      repository.refundsBetween(db, fromAt, toAt),
    ]);
    const rows = new Map<string, { service: string; revenue: number; providerCost: number; keyCost: number }>();
    const row = (key: string, service = "") => {
      let found = rows.get(key);
      if (!found) rows.set(key, (found = { service, revenue: 0, providerCost: 0, keyCost: 0 }));
      return found;
    };
    for (const line of revenue) row(line.key, line.service).revenue += line.revenue;
    for (const key of keyCost) row(key.itemId).keyCost += key.cost;
    // An account serving several items costs each of them an equal share.
    for (const account of accounts) {
      const cost = accountCost(account, from, to);
      if (cost === 0 || account.itemIds.length === 0) continue;
      for (const itemId of account.itemIds) row(itemId).providerCost += cost / account.itemIds.length;
    }
    const unnamed = [...rows].filter(([, value]) => !value.service).map(([key]) => key);
    const names = await repository.itemNames(db, unnamed);
    const entries = [...rows].map(([key, value]) => ({ ...value, service: value.service || names.get(key) || key }));
    const providerCosts = roundParts(entries.map((entry) => entry.providerCost));
    const services = entries
      .map((entry, i) => {
        const cost = providerCosts[i]! + entry.keyCost;
        return { service: entry.service, revenue: entry.revenue, cost, margin: entry.revenue - cost };
      })
      .filter((entry) => entry.revenue !== 0 || entry.cost !== 0)
      .sort((a, b) => b.revenue - a.revenue || a.service.localeCompare(b.service));
    const adjustment = (service: string, amount: number) => (amount ? [{ service, revenue: -amount, cost: 0, margin: -amount }] : []);
    return { services, adjustments: [...adjustment(DISCOUNTS_ROW, discount), ...adjustment(REFUNDS_ROW, refunded)] };
  }

  /**
   * Each account's holders' revenue against its cost (the reports' cost rule, ADR 0087), over its life and per
   * month since it was added (at most the last twelve), with the seats it kept filled; `accountId`: one only.
   */
  async function accountProfits(accountId?: string): Promise<AccountProfit[]> {
    const today = shopToday(clock());
    const [names, costs] = await Promise.all([repository.accountNames(db, accountId ? [accountId] : undefined), repository.accounts(db)]);
    const spans = await repository.heldSpans(
      db,
      names.map((account) => account.id),
    );
    const current = thisMonth();
    return names.map((account) => {
      const costed = costs.find((row) => row.id === account.id)!;
      const periods = accountPeriods({ ...costed, createdDay: shopToday(new Date(costed.createdAt)) });
      const held: HeldSpan[] = spans
        .filter((span) => span.accountId === account.id)
        .map((span) => ({
          lineTotal: Number(span.lineTotal),
          lineStart: span.lineStart!,
          lineEnd: span.lineEnd!,
          heldFrom: shopToday(new Date(span.startedAt)),
          heldTo: span.endedAt ? shopToday(new Date(span.endedAt)) : null,
        }));
      const first = shopToday(new Date(costed.createdAt)).slice(0, 7);
      const months = monthsEndingWith(current, REPORT_MONTHS).filter((month) => month >= first);
      const revenue = Math.round(held.reduce((sum, span) => sum + revenueBetween(span, "0000-01-01", "9999-12-31"), 0));
      const cost = Math.round(paidBy(periods, today));
      return {
        accountId: account.id,
        service: account.service,
        login: account.login,
        status: account.status,
        seats: Number(account.seats ?? 0),
        revenue,
        cost,
        profit: revenue - cost,
        losing: revenue < cost,
        months: months.map((month) => {
          const from = firstDayOf(month);
          const to = firstDayOf(shiftMonth(month, 1));
          const earned = Math.round(held.reduce((sum, span) => sum + revenueBetween(span, from, to), 0));
          const spent = Math.round(costBetween(periods, from, to));
          const days = Math.max(1, daysBetween(from, to < today ? to : addDays(today, 1)));
          const seatDays = held.reduce((sum, span) => sum + seatDaysBetween(span, from, to, today), 0);
          return { month, revenue: earned, cost: spent, profit: earned - spent, seatsFilled: Math.round((seatDays / days) * 10) / 10 };
        }),
      };
    });
  }

  return {
    thisMonth,

    accountProfits,

    /** The last twelve months, this one last. */
    money: (): Promise<MoneyMonth[]> => money(monthsEndingWith(thisMonth(), REPORT_MONTHS)),

    /**
     * The money report's revenue and refunds over the shop's days `from` to `to` (excluded), by its own rules: for
     * the sales book of a Bikram Sambat month, which the report's AD months cut across (ADR 0131).
     */
    async moneyBetween(from: string, to: string): Promise<{ revenue: number; refunds: number }> {
      const bounds = { months: [from], starts: [shopDayStart(from), shopDayStart(to)] };
      const [revenue, credit] = await Promise.all([repository.revenueByMonth(db, bounds), repository.creditByMonth(db, bounds)]);
      return { revenue: revenue.get(from)?.revenue ?? 0, refunds: credit.get(from)?.refunds ?? 0 };
    },

    /** Every service, then the discounts' and the refunds' rows when there are any. */
    async services(month: string): Promise<ServiceMoney[]> {
      const { services: rows, adjustments } = await moneyByService(month);
      return [...rows, ...adjustments];
    },

    /** The chart's rows: the ten services with the most revenue, the rest as Other, then the discounts and refunds. */
    async topServices(month: string): Promise<ServiceMoney[]> {
      const { services: rows, adjustments } = await moneyByService(month);
      return [...topWithOther(rows, TOP_SERVICES), ...adjustments];
    },

    async customers(): Promise<CustomerMonth[]> {
      const months = monthsEndingWith(thisMonth(), REPORT_MONTHS);
      const counts = await repository.customersByMonth(db, boundsOf(months));
      return months.map((month) => {
        const found = counts.get(month) ?? { customers: 0, fresh: 0 };
        return { month, new: found.fresh, returning: found.customers - found.fresh };
      });
    },

    async renewals(): Promise<RenewalMonth[]> {
      const months = monthsEndingWith(thisMonth(), REPORT_MONTHS);
      const counts = await repository.renewalsByMonth(db, firstDayOf(months[0]!), shopToday(clock()));
      return months.map((month) => {
        const { ended, renewed } = counts.get(month) ?? { ended: 0, renewed: 0 };
        return { month, ended, renewed, rate: renewalRate(renewed, ended) };
      });
    },

    async dashboard(): Promise<DashboardMoney> {
      const current = thisMonth();
      const [[lastMonth, thisOne], waiting, creditOwed] = await Promise.all([
        money([shiftMonth(current, -1), current]),
        repository.waiting(db),
        repository.creditOwed(db),
      ]);
      return { thisMonth: thisOne!, lastMonth: lastMonth!, ...waiting, creditOwed };
    },

    /** Orders with their lines for the CSV, created in `month` when given. */
    async orderLines(month?: string) {
      const range = month ? { from: shopDayStart(firstDayOf(month)), to: shopDayStart(firstDayOf(shiftMonth(month, 1))) } : undefined;
      const rows = await repository.orderLines(db, range);
      return rows.map(({ rawPhone, phone, refunded, ...row }) => ({
        ...row,
        phone: phone ?? rawPhone,
        refunded: refunded === null ? null : Number(refunded),
      }));
    },
  };
}
