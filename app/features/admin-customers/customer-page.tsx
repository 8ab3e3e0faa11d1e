import { Link } from "react-router";
import { z } from "zod";
import { customerDetailsInputSchema, type Customer } from "../../../domain/customers/schemas";
import { readablePhone } from "../../../domain/customers/customers";
import type { CustomerLink } from "../../../domain/customer-links/schemas";
import { formatNpr } from "../../../domain/shared/money";
import { ORDER_STATUS_LABELS } from "../../../domain/orders/statuses";
import { monthsLabel } from "../../../domain/catalogue/validity";
import { card, focusRing, mutedText, primaryButton } from "../../components/ui";
import { formatDateTime } from "../../lib/admin/format";
import { InputField, sectionHeading, StaleBanner, SubmitButton } from "../../lib/admin/form-parts";
import { useAdminAction } from "../../lib/admin/use-admin-action";
import { CustomerLinkSection, customerLinkActionSchema } from "./customer-link";
import { ReferralCreditSection } from "./referral-credit";
import { StoreCreditSection, storeCreditActionSchema } from "./store-credit";
import type { AdminBalanceStatement } from "../../../domain/balances/schemas";
import type { ReferralCredit } from "../../../domain/referrals/schemas";
import { TitledSection } from "../../components/titled-section";

/** The admin's name and note for a customer, with the version they were read at (ADR 0017); or their link (ADR 0104). */
export const customerActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("details"), version: z.number().int().min(0), fields: customerDetailsInputSchema }),
  customerLinkActionSchema,
  storeCreditActionSchema,
]);

const link = `font-medium text-brand-700 underline-offset-2 hover:underline dark:text-brand-400 ${focusRing}`;

function whenText(daysLeft: number): string {
  if (daysLeft === 0) return "ends today";
  if (daysLeft > 0) return `ends in ${daysLeft} ${daysLeft === 1 ? "day" : "days"}`;
  return `ended ${-daysLeft} ${daysLeft === -1 ? "day" : "days"} ago`;
}

export function CustomerPage({
  customer,
  customerLink,
  credit,
  statement,
}: {
  customer: Customer;
  customerLink: CustomerLink;
  credit: ReferralCredit;
  statement: AdminBalanceStatement;
}) {
  const { summary } = customer;
  const figures = [
    { label: "Total spent", value: `NPR ${formatNpr(summary.totalSpent)}` },
    { label: "Orders delivered", value: String(summary.ordersDelivered) },
    { label: "Active subscriptions", value: String(summary.activeSubscriptions) },
    { label: "Next expiry", value: summary.nextExpiry ?? "—" },
  ];
  return (
    <div className="mx-auto max-w-4xl">
      <p className="text-sm">
        <Link to="/admin/customers" className={link}>
          ← All customers
        </Link>
      </p>
      <div className="mt-2 flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h1 className="break-words text-2xl font-bold">{customer.name ?? "No name"}</h1>
          <p className={`mt-1 ${mutedText}`}>
            {readablePhone(customer.phone)} · customer since {formatDateTime(summary.firstOrderAt).split(",")[0]}
          </p>
          <p className={`mt-1 text-sm ${mutedText}`}>
            {customer.telegramUpdates
              ? "Gets updates on Telegram: a chat of theirs follows their orders (or one of them)."
              : "No Telegram updates: they have not asked for them on an order page."}
          </p>
        </div>
        <a href={customer.whatsappUrl} target="_blank" rel="noopener noreferrer" className={`${primaryButton} w-full shrink-0 px-4 py-2.5 sm:w-auto`}>
          Message on WhatsApp<span className="sr-only"> (opens in a new tab)</span>
        </a>
      </div>

      <dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {figures.map((figure) => (
          <div key={figure.label} className={`${card} p-4`}>
            <dt className={`text-sm ${mutedText}`}>{figure.label}</dt>
            <dd className="mt-1 whitespace-nowrap text-lg font-bold sm:text-xl">{figure.value}</dd>
          </div>
        ))}
      </dl>

      <CustomerLinkSection link={customerLink} />
      <StoreCreditSection statement={statement} />
      <ReferralCreditSection credit={credit} />

      <DetailsForm customer={customer} />

      <TitledSection id="customer-renewals" title="Renewals due" className="mt-8" titleClassName={sectionHeading}>
        {customer.renewalsDue.length === 0 ? (
          <p className={`mt-2 ${mutedText}`}>Nothing ends within a week.</p>
        ) : (
          <ul className="mt-3 space-y-2">
            {customer.renewalsDue.map((line) => (
              <li key={line.lineId} className={`${card} flex flex-wrap items-baseline justify-between gap-2 p-4`}>
                <span className="font-medium">
                  {line.name} · {monthsLabel(line.months)} <span className={`font-mono text-sm ${mutedText}`}>{line.reference}</span>
                </span>
                <span
                  className={`text-sm font-semibold ${line.daysLeft < 0 ? "text-red-700 dark:text-red-300" : "text-amber-800 dark:text-amber-300"}`}
                >
                  {line.expiryDate}, {whenText(line.daysLeft)}
                </span>
              </li>
            ))}
          </ul>
        )}
        {customer.renewalsDue.length > 0 && (
          <p className="mt-2 text-sm">
            <Link to="/admin/renewals?days=60" className={link}>
              Remind and mark renewed on the Renewals screen
            </Link>
          </p>
        )}
      </TitledSection>

      <TitledSection id="customer-holdings" title="Seats and keys held" className="mt-8" titleClassName={sectionHeading}>
        {customer.holdings.length === 0 ? (
          <p className={`mt-2 ${mutedText}`}>No seat or key from the ledger is with this customer now.</p>
        ) : (
          <ul className="mt-3 space-y-2">
            {customer.holdings.map((held, i) => (
              <li key={`${held.kind}-${held.reference}-${i}`} className={`${card} flex flex-wrap items-baseline justify-between gap-2 p-4`}>
                <span>
                  <span className="font-medium">{held.itemName}</span> · {held.what}{" "}
                  <span className={`font-mono text-sm ${mutedText}`}>{held.reference}</span>
                </span>
                <span className="text-sm">{held.expiryDate ? `until ${held.expiryDate}` : "no end date"}</span>
              </li>
            ))}
          </ul>
        )}
      </TitledSection>

      <section aria-labelledby="customer-orders" className="mt-8">
        <h2 id="customer-orders" className={sectionHeading}>
          Orders ({customer.orders.length})
        </h2>
        <ul className="mt-3 space-y-2">
          {customer.orders.map((order) => (
            <li key={order.reference} className={`${card} p-4`}>
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <Link to={`/admin/orders?q=${encodeURIComponent(order.reference)}`} className={`${link} font-mono`}>
                  {order.reference}
                </Link>
                <span className="text-sm font-semibold">
                  {ORDER_STATUS_LABELS[order.status]} · NPR {formatNpr(order.total)}
                </span>
              </div>
              <p className={`mt-1 text-sm ${mutedText}`}>
                <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time>
                {order.customerName ? ` · as ${order.customerName}` : ""}
              </p>
              <p className="mt-1 text-sm">{order.lines.map((line) => `${line.name} (${monthsLabel(line.months)} × ${line.devices})`).join(", ")}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

function DetailsForm({ customer }: { customer: Customer }) {
  const save = useAdminAction(customerActionSchema);
  const { errors, formRef, pending, stale, reload, reloading } = save;
  const submit = save.handleSubmit((form) =>
    save.submit({
      intent: "details",
      version: customer.version,
      fields: { displayName: String(form.get("displayName") ?? ""), note: String(form.get("note") ?? "") },
    }),
  );
  return (
    <form
      ref={formRef}
      onSubmit={submit}
      noValidate
      aria-labelledby="customer-details"
      // A fresh record after Reload: the boxes take the saved values again.
      key={customer.version}
      className={`${card} mt-6 space-y-3 p-4 sm:p-5`}
    >
      <h2 id="customer-details" className={sectionHeading}>
        Name and private note
      </h2>
      {stale && <StaleBanner onReload={() => void reload()} reloading={reloading} />}
      <InputField
        label="Display name"
        name="displayName"
        optional
        maxLength={100}
        hint="Shown instead of the name on their orders. Leave empty to use that name."
        defaultValue={customer.displayName}
        autoComplete="off"
        error={errors.displayName}
      />
      <div>
        <label htmlFor="customer-note" className="text-sm font-medium">
          Private note <span className={`font-normal ${mutedText}`}>(only admins see it)</span>
        </label>
        <textarea
          id="customer-note"
          name="note"
          rows={3}
          maxLength={2000}
          defaultValue={customer.note}
          aria-invalid={errors.note ? true : undefined}
          aria-describedby={errors.note ? "customer-note-error" : undefined}
          className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-slate-900 focus:border-brand-500 focus:outline-2 focus:outline-brand-500 dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100"
        />
        {errors.note && (
          <p id="customer-note-error" className="mt-1 text-sm font-medium text-red-700 dark:text-red-300">
            {errors.note}
          </p>
        )}
      </div>
      <SubmitButton pending={pending} className="px-4 py-2.5">
        Save
      </SubmitButton>
    </form>
  );
}
