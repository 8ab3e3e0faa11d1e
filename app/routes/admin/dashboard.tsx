import { Link } from "react-router";
import { DEFAULT_RENEWAL_WINDOW_DAYS } from "../../../domain/orders/dates";
import { ORDER_STATUS_LABELS, ORDER_STATUSES, SAY_THEY_PAID } from "../../../domain/orders/statuses";
import { formatNpr } from "../../../domain/shared/money";
import type { DashboardMoney } from "../../../domain/reports/schemas";
import type { WeekMoney } from "../../../domain/ledger/schemas";
import { card, focusRing, mutedText } from "../../components/ui";
import { formatDateTime } from "../../lib/admin/format";
import { RefusalsBanner } from "../../features/admin-orders/refusals-banner";
import { screenErrorBoundary } from "../../lib/admin/screen-error";
import type { Route } from "./+types/dashboard";
import { TitledSection } from "../../components/titled-section";

export async function loader({ context }: Route.LoaderArgs) {
  const { catalogue, carousel, updates, videos, newsletter, orders, renewals, reports, orderLimits, accountHealth } = context.services;
  const [items, slides, posts, trailerList, subscribers, weekOrders, dueRenewals, money, refusals, limits, bills] = await Promise.all([
    catalogue.list(),
    carousel.list(),
    updates.list(),
    videos.list(),
    newsletter.list(),
    orders.weekCounts(),
    renewals.due(DEFAULT_RENEWAL_WINDOW_DAYS),
    reports.dashboard(),
    orderLimits.refusals(),
    orderLimits.get(),
    accountHealth.billsDue(),
  ]);
  return {
    week: accountHealth.week(bills, dueRenewals),
    overdueBills: bills.filter((bill) => bill.daysLeft < 0).length,
    refusals,
    limits,
    money,
    weekOrders,
    renewalsDue: dueRenewals.length,
    counts: {
      items: items.length,
      itemsWithoutPlans: items.filter((item) => Object.keys(item.plans).length === 0).length,
      slides: slides.length,
      posts: posts.length,
      videos: trailerList.length,
      subscribers: subscribers.length,
    },
    latestPosts: posts.slice(0, 3).map(({ _id, Title, Description, createdAt }) => ({ _id, Title, Description, createdAt })),
  };
}

export const meta: Route.MetaFunction = () => [{ title: "Dashboard | Pasal admin" }];

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { counts, latestPosts, weekOrders, renewalsDue, money, refusals, limits, week, overdueBills } = loaderData;
  const tiles: Array<{ label: string; value?: number; detail?: string; to: string }> = [
    { label: "Renewals due", value: renewalsDue, detail: `ending within ${DEFAULT_RENEWAL_WINDOW_DAYS} days or ended`, to: "/admin/renewals" },
    { label: "Catalogue items", value: counts.items, detail: `${counts.itemsWithoutPlans} without plans`, to: "/admin/prices" },
    { label: "Carousel slides", value: counts.slides, to: "/admin/carousel" },
    { label: "Update posts", value: counts.posts, to: "/admin/update" },
    { label: "What's new videos", value: counts.videos, to: "/admin/whatsNewVideo" },
    { label: "Newsletter subscribers", value: counts.subscribers, to: "/admin/newsletter" },
    { label: "Settings", detail: "Contact details, About page figures, your password and the admins", to: "/admin/settings" },
  ];
  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="text-2xl font-bold">Dashboard</h1>
      <RefusalsBanner refusals={refusals} limits={limits} />
      <MoneyFigures money={money} />
      <WeekMoneyFigures week={week} overdueBills={overdueBills} />
      <section aria-labelledby="week-orders" className="mt-6">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h2 id="week-orders" className="text-lg font-semibold">
            Orders in the last 7 days
          </h2>
          <Link
            to="/admin/orders"
            className={`text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-400 ${focusRing}`}
          >
            All orders
          </Link>
        </div>
        <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-5">
          {ORDER_STATUSES.map((status) => (
            <li key={status}>
              <Link to={`/admin/orders?status=${status}`} className={`${card} block p-4 hover:border-brand-500 ${focusRing}`}>
                <span className={`block text-sm ${mutedText}`}>{ORDER_STATUS_LABELS[status]}</span>
                <span className="mt-1 block text-2xl font-bold">{weekOrders[status]}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {tiles.map((tile) => (
          <li key={tile.label}>
            <Link to={tile.to} className={`${card} block h-full p-5 hover:border-brand-500 ${focusRing}`}>
              <span className={`block text-sm ${mutedText}`}>{tile.label}</span>
              {tile.value !== undefined && <span className="mt-1 block text-3xl font-bold">{tile.value}</span>}
              {tile.detail && <span className={`mt-1 block text-sm ${mutedText}`}>{tile.detail}</span>}
            </Link>
          </li>
        ))}
      </ul>
      <TitledSection id="latest-posts" title="Latest update posts" className="mt-10">
        {latestPosts.length === 0 ? (
          <p className={`mt-3 ${mutedText}`}>No update posts yet.</p>
        ) : (
          <ul className="mt-3 space-y-3">
            {latestPosts.map((post) => (
              <li key={post._id} className={`${card} p-4`}>
                <p className="font-medium">{post.Title || "Untitled update"}</p>
                <p className={`mt-1 line-clamp-2 text-sm ${mutedText}`}>{post.Description}</p>
                <p className={`mt-2 text-xs ${mutedText}`}>
                  <time dateTime={post.createdAt}>{formatDateTime(post.createdAt)}</time>
                </p>
              </li>
            ))}
          </ul>
        )}
        <p className="mt-4 text-sm">
          <Link to="/updates" className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-400">
            See them as shoppers do
          </Link>
        </p>
      </TitledSection>
    </div>
  );
}

/** This week's provider bills against the renewals customers owe this week. */
function WeekMoneyFigures({ week, overdueBills }: { week: WeekMoney; overdueBills: number }) {
  const link = `${card} block h-full p-4 hover:border-brand-500 ${focusRing}`;
  const balance = week.fromRenewals - week.toProviders;
  return (
    <section aria-labelledby="week-money" className="mt-6">
      <h2 id="week-money" className="text-lg font-semibold">
        This week, {week.from} to {week.to}
      </h2>
      <ul className="mt-3 grid gap-3 sm:grid-cols-3">
        <li>
          <Link to="/admin/accounts" className={link}>
            <span className={`block text-sm ${mutedText}`}>To pay providers</span>
            <span className="mt-1 block text-2xl font-bold">NPR {formatNpr(week.toProviders)}</span>
            <span className={`mt-1 block text-sm ${mutedText}`}>
              {week.bills} {week.bills === 1 ? "bill" : "bills"}
              {overdueBills > 0 ? `; ${overdueBills} overdue besides` : ""}
            </span>
          </Link>
        </li>
        <li>
          <Link to="/admin/renewals" className={link}>
            <span className={`block text-sm ${mutedText}`}>Customers owe for renewals</span>
            <span className="mt-1 block text-2xl font-bold">NPR {formatNpr(week.fromRenewals)}</span>
            <span className={`mt-1 block text-sm ${mutedText}`}>
              {week.renewals} {week.renewals === 1 ? "renewal" : "renewals"} due, at today’s prices
            </span>
          </Link>
        </li>
        <li className={`${card} p-4`}>
          <span className={`block text-sm ${mutedText}`}>If every renewal is paid</span>
          <span className={`mt-1 block text-2xl font-bold ${balance < 0 ? "text-red-700 dark:text-red-300" : ""}`}>{signed(balance)}</span>
          <span className={`mt-1 block text-sm ${mutedText}`}>renewals less bills</span>
        </li>
      </ul>
    </section>
  );
}

const signed = (amount: number) => (amount < 0 ? `−NPR ${formatNpr(-amount)}` : `NPR ${formatNpr(amount)}`);

/** This month's money against last month's, and what waits on the seller. */
function MoneyFigures({ money }: { money: DashboardMoney }) {
  const { thisMonth, lastMonth } = money;
  const figures = (["revenue", "cost", "margin"] as const).map((key) => {
    const change = thisMonth[key] - lastMonth[key];
    return {
      label: { revenue: "Revenue", cost: "Cost", margin: "Margin" }[key],
      value: signed(thisMonth[key]),
      detail: `${signed(lastMonth[key])} last month (${change >= 0 ? "+" : "−"}${formatNpr(Math.abs(change))})`,
    };
  });
  const link = `${card} block h-full p-4 hover:border-brand-500 ${focusRing}`;
  return (
    <section aria-labelledby="money-this-month" className="mt-6">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="money-this-month" className="text-lg font-semibold">
          This month
        </h2>
        <Link
          to="/admin/reports"
          className={`text-sm font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-400 ${focusRing}`}
        >
          Reports
        </Link>
      </div>
      <ul className="mt-3 grid grid-cols-2 gap-3 lg:grid-cols-5">
        {figures.map((figure) => (
          <li key={figure.label} className={`${card} p-4`}>
            <span className={`block text-sm ${mutedText}`}>{figure.label}</span>
            <span className="mt-1 block text-xl font-bold">{figure.value}</span>
            <span className={`mt-1 block text-xs ${mutedText}`}>{figure.detail}</span>
          </li>
        ))}
        <li>
          <Link to="/admin/orders" className={link}>
            <span className={`block text-sm ${mutedText}`}>Waiting for payment</span>
            <span className="mt-1 block text-xl font-bold">{money.awaitingPayment}</span>
            <span className={`mt-1 block text-xs ${mutedText}`}>orders new or contacted</span>
          </Link>
        </li>
        <li>
          <Link to={`/admin/orders?status=${SAY_THEY_PAID}`} className={link}>
            <span className={`block text-sm ${mutedText}`}>Say they paid</span>
            <span className="mt-1 block text-xl font-bold">{money.paidClaims}</span>
            <span className={`mt-1 block text-xs ${mutedText}`}>not marked paid yet</span>
          </Link>
        </li>
        <li className={`${card} p-4`}>
          <span className={`block text-sm ${mutedText}`}>Owed to customers as credit</span>
          <span className="mt-1 block text-xl font-bold">NPR {formatNpr(money.creditOwed)}</span>
          <span className={`mt-1 block text-xs ${mutedText}`}>their store credit, not spent yet</span>
        </li>
      </ul>
    </section>
  );
}

export const ErrorBoundary = screenErrorBoundary("Dashboard");
