import { lazy, Suspense, useSyncExternalStore, type ReactNode } from "react";
import { Form, Link } from "react-router";
import { formatNpr } from "../../../domain/shared/money";
import { DISCOUNTS_ROW, REFUNDS_ROW } from "../../../domain/reports/reports";
import type { AccountProfit, CustomerMonth, MoneyMonth, RenewalMonth, ServiceMoney } from "../../../domain/reports/schemas";
import { card, focusRing, mutedText, secondaryButton } from "../../components/ui";
import { sectionHeading } from "../../lib/admin/form-parts";
import type { ChartProps } from "./chart";
import { FilterSelect, HeadCells, tableHead } from "../../lib/admin/list-parts";
import { Options } from "../../components/options";

// Chart.js comes in its own chunk, fetched when this screen is shown, never on a storefront page (ADR 0088).
const ReportChart = lazy(() => import("./chart"));

const noSubscription = () => () => {};

/** The chart once the browser runs the screen: the server's page shows the tables, which hold the same numbers. */
function LazyChart(props: ChartProps) {
  const hydrated = useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
  const placeholder = (
    <div className={`flex h-64 items-center justify-center text-sm sm:h-72 ${mutedText}`} aria-hidden="true">
      Drawing the chart…
    </div>
  );
  return hydrated ? (
    <Suspense fallback={placeholder}>
      <ReportChart {...props} />
    </Suspense>
  ) : (
    placeholder
  );
}

const MONTH_NAMES = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** "2026-03" → "Mar 2026". */
export const monthLabel = (month: string) => `${MONTH_NAMES[Number(month.slice(5, 7)) - 1]} ${month.slice(0, 4)}`;
const npr = (amount: number) => (amount < 0 ? `−${formatNpr(-amount)}` : formatNpr(amount));

function ReportSection({ id, title, intro, children }: { id: string; title: string; intro: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={`${card} mt-6 p-4 sm:p-5`}>
      <h2 id={id} className={sectionHeading}>
        {title}
      </h2>
      <p className={`mt-1 text-sm ${mutedText}`}>{intro}</p>
      {children}
    </section>
  );
}

const th = "px-2 py-2 font-semibold sm:px-3";
const td = "whitespace-nowrap px-2 py-2 sm:px-3";

function Table({ caption, head, rows }: { caption: string; head: string[]; rows: Array<{ key: string; cells: ReactNode[] }> }) {
  return (
    // Focusable, so a keyboard can scroll it on a narrow screen; named by its table's caption.
    <div className="mt-4 overflow-x-auto" tabIndex={0} role="group" aria-label={caption}>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className={tableHead}>
          <HeadCells cellClassName={`${th} text-right`} columns={head.map((label, i) => (i > 0 ? label : [label, th]))} />
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
          {rows.map((row) => (
            <tr key={row.key}>
              {row.cells.map((cell, i) =>
                i === 0 ? (
                  <th key={i} scope="row" className="px-2 py-2 font-medium wrap-anywhere sm:px-3">
                    {cell}
                  </th>
                ) : (
                  <td key={i} className={`${td} text-right tabular-nums`}>
                    {cell}
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export type ReportData = {
  money: MoneyMonth[];
  month: string;
  services: ServiceMoney[];
  customers: CustomerMonth[];
  renewals: RenewalMonth[];
  accountProfits: AccountProfit[];
};

/** Four pictures of the shop's money and customers, each with a table of the same numbers, and the CSV downloads. */
export function ReportScreen({ money, month, services, customers, renewals, accountProfits }: ReportData) {
  const months = money.map((m) => monthLabel(m.month));
  // A bar below zero for the discounts or refunds would read as a service that lost money: the table has those rows.
  const charted = services.filter((s) => s.service !== DISCOUNTS_ROW && s.service !== REFUNDS_ROW);
  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="text-2xl font-bold">Reports</h1>
      <p className={`mt-1 ${mutedText}`}>
        Revenue is delivered orders, on the day they were marked paid (or delivered), in Nepal time. Cost is the provider accounts&apos; payments
        spread over the days they cover, and each licence key&apos;s cost when it is sold.
      </p>

      <ReportSection id="report-money" title="Revenue, cost and margin by month" intro="The last 12 months, in NPR.">
        <LazyChart
          kind="bar"
          labels={months}
          unit="npr"
          description="Bar chart of revenue, cost and margin by month for the last 12 months; the table below has the numbers."
          series={[
            { label: "Revenue", tone: "revenue", values: money.map((m) => m.revenue) },
            { label: "Cost", tone: "cost", values: money.map((m) => m.cost) },
            { label: "Margin", tone: "margin", values: money.map((m) => m.margin) },
          ]}
        />
        <Table
          caption="Revenue (after discounts, store credit spent included), discounts given, refunds, cost and margin (after refunds) by month; store credit given and topped up, owed until spent; NPR"
          head={["Month", "Revenue", "Discounts", "Refunds", "Cost", "Margin", "Credit given", "Top-ups"]}
          rows={money.map((m) => ({
            key: m.month,
            cells: [
              monthLabel(m.month),
              npr(m.revenue),
              npr(m.discount),
              npr(m.refunds),
              npr(m.cost),
              npr(m.margin),
              npr(m.creditGiven),
              npr(m.topUps),
            ],
          }))}
        />
      </ReportSection>

      <ReportSection
        id="report-services"
        title={`Revenue by service, ${monthLabel(month)}`}
        intro="The ten services that brought the most, the rest as Other; the last row, what coupons and referral credit took off, makes the rows add up to the month's revenue."
      >
        <Form method="get" className="mt-3 flex flex-wrap items-end gap-3">
          <FilterSelect id="report-month" label="Month" name="month" defaultValue={month}>
            <Options of={[...money].reverse()} value={(m) => m.month} label={(m) => monthLabel(m.month)} />
          </FilterSelect>
          <button type="submit" className={`${secondaryButton} py-2.5`}>
            Show
          </button>
        </Form>
        {services.length === 0 ? (
          <p className={`mt-4 ${mutedText}`}>No delivered orders or costs in {monthLabel(month)}.</p>
        ) : (
          <>
            <LazyChart
              kind="bar"
              horizontal
              labels={charted.map((s) => s.service)}
              unit="npr"
              description={`Bar chart of revenue by service in ${monthLabel(month)}; the table below has the numbers.`}
              series={[{ label: "Revenue", tone: "revenue", values: charted.map((s) => s.revenue) }]}
            />
            <Table
              caption={`Revenue, cost and margin by service in ${monthLabel(month)}, NPR`}
              head={["Service", "Revenue", "Cost", "Margin"]}
              rows={services.map((s) => ({ key: s.service, cells: [s.service, npr(s.revenue), npr(s.cost), npr(s.margin)] }))}
            />
          </>
        )}
      </ReportSection>

      <ReportSection
        id="report-customers"
        title="New and returning customers"
        intro="Customers (by phone) with a delivered order each month: new when it was their first."
      >
        <LazyChart
          kind="bar"
          stacked
          labels={months}
          unit="count"
          description="Stacked bar chart of new and returning customers by month; the table below has the numbers."
          series={[
            { label: "New", tone: "new", values: customers.map((c) => c.new) },
            { label: "Returning", tone: "returning", values: customers.map((c) => c.returning) },
          ]}
        />
        <Table
          caption="New and returning customers by month"
          head={["Month", "New", "Returning"]}
          rows={customers.map((c) => ({ key: c.month, cells: [monthLabel(c.month), c.new, c.returning] }))}
        />
      </ReportSection>

      <ReportSection id="report-renewals" title="Renewal rate" intro="Of the delivered plans that ended each month, the share renewed.">
        <LazyChart
          kind="line"
          labels={months}
          unit="percent"
          description="Line chart of the renewal rate by month; the table below has the numbers."
          series={[{ label: "Renewed", tone: "rate", values: renewals.map((r) => r.rate) }]}
        />
        <Table
          caption="Renewal rate by month"
          head={["Month", "Ended", "Renewed", "Rate"]}
          rows={renewals.map((r) => ({ key: r.month, cells: [monthLabel(r.month), r.ended, r.renewed, r.rate === null ? "—" : `${r.rate}%`] }))}
        />
      </ReportSection>

      <ReportSection
        id="report-accounts"
        title="Profit per provider account"
        intro="Since each account was added: what its holders paid, spread over the days their seat held them, against the provider periods paid so far. Accounts that cost more than they brought are marked."
      >
        {accountProfits.length === 0 ? (
          <p className={`text-sm ${mutedText}`}>No provider accounts yet.</p>
        ) : (
          <Table
            caption="Profit per provider account, NPR, over each account's life"
            head={["Account", "Seats", "Revenue", "Cost", "Profit"]}
            rows={accountProfits.map((row) => ({
              key: row.accountId,
              cells: [
                <Link
                  key="name"
                  to={`/admin/accounts/${encodeURIComponent(row.accountId)}`}
                  className={`rounded underline-offset-2 hover:underline ${focusRing}`}
                >
                  {row.service} <span className={`font-normal ${mutedText}`}>{row.login}</span>
                  {row.losing && (
                    <span className="ml-1 rounded-full bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900 dark:bg-red-950 dark:text-red-200">
                      losing money
                    </span>
                  )}
                </Link>,
                row.seats,
                npr(row.revenue),
                npr(row.cost),
                npr(row.profit),
              ],
            }))}
          />
        )}
      </ReportSection>

      <section aria-labelledby="report-downloads" className={`${card} mt-6 p-4 sm:p-5`}>
        <h2 id="report-downloads" className={sectionHeading}>
          Downloads (CSV)
        </h2>
        <p className={`mt-1 text-sm ${mutedText}`}>Amounts in whole NPR, dates as YYYY-MM-DD or ISO times.</p>
        <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
          <a href={`/api/admin/reports/orders.csv?month=${month}`} download className={`${secondaryButton} px-4 py-2 text-sm`}>
            Orders of {monthLabel(month)}, one row a line
          </a>
          <a href="/api/admin/reports/orders.csv" download className={`${secondaryButton} px-4 py-2 text-sm`}>
            All orders, one row a line
          </a>
          <a href={`/api/admin/reports/services.csv?month=${month}`} download className={`${secondaryButton} px-4 py-2 text-sm`}>
            {monthLabel(month)} by service
          </a>
          <a href="/api/admin/customers.csv" download className={`${secondaryButton} px-4 py-2 text-sm`}>
            Customers
          </a>
        </div>
      </section>
    </div>
  );
}
