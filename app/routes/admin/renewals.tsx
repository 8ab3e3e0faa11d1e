import { useState } from "react";
import { Form } from "react-router";
import { z } from "zod";
import { DEFAULT_RENEWAL_WINDOW_DAYS } from "../../../domain/orders/dates";
import { renewalsQuerySchema, type Renewal } from "../../../domain/orders/schemas";
import { readablePhone } from "../../../domain/customers/customers";
import { formatNpr } from "../../../domain/shared/money";
import { LANGUAGE_NAMES } from "../../../domain/shared/locale";
import { monthsLabel } from "../../../domain/catalogue/validity";
import { card, mutedText, primaryButton, secondaryButton } from "../../components/ui";
import { answer, reachServer } from "../../lib/admin/admin-action";
import { FilterSelect } from "../../lib/admin/list-parts";
import { Options } from "../../components/options";
import { formatDateTime } from "../../lib/admin/format";
import { screenErrorBoundary } from "../../lib/admin/screen-error";
import { useAdminAction } from "../../lib/admin/use-admin-action";
import type { Route } from "./+types/renewals";

const WINDOWS = [7, 14, 30, 60];

export async function loader({ context, request }: Route.LoaderArgs) {
  const parsed = renewalsQuerySchema.safeParse({ days: new URL(request.url).searchParams.get("days") ?? undefined });
  const days = parsed.success ? parsed.data.days : DEFAULT_RENEWAL_WINDOW_DAYS;
  return { days, renewals: await context.services.renewals.due(days) };
}

const lineId = z.string().min(1).max(100);
/** Mark renewed: a new order for the line at today's price. */
const renewSchema = z.object({ intent: z.literal("renew"), lineId });
/** Remind: the line remembers it was reminded, so the seller's bot does not ask for it again. */
const remindSchema = z.object({ intent: z.literal("remind"), lineId });

export async function action({ context, request }: Route.ActionArgs) {
  const { renewals } = context.services;
  return answer(request, z.discriminatedUnion("intent", [renewSchema, remindSchema]), async (form) =>
    form.intent === "renew" ? (await renewals.renew(form.lineId)).message : (await renewals.remind(form.lineId)).message,
  );
}

export const clientAction = (args: Route.ClientActionArgs) => reachServer(args);

export const meta: Route.MetaFunction = () => [{ title: "Renewals | Pasal admin" }];

function whenText(daysLeft: number): string {
  if (daysLeft === 0) return "Ends today";
  if (daysLeft > 0) return `Ends in ${daysLeft} ${daysLeft === 1 ? "day" : "days"}`;
  return `Ended ${-daysLeft} ${daysLeft === -1 ? "day" : "days"} ago`;
}

export default function AdminRenewals({ loaderData }: Route.ComponentProps) {
  const { days, renewals } = loaderData;
  // Held by the screen, not the card: a renewed line leaves the list, and its answer must still be shown.
  const renew = useAdminAction(renewSchema);
  const remind = useAdminAction(remindSchema);
  const [renewing, setRenewing] = useState<string | null>(null);
  const markRenewed = (lineId: string) => {
    setRenewing(lineId);
    renew.submit({ intent: "renew", lineId });
  };
  return (
    <div className="mx-auto max-w-4xl">
      <h1 className="text-2xl font-bold">Renewals</h1>
      <p className={`mt-1 ${mutedText}`}>
        Delivered plans that end soon or have ended, soonest first. Remind the customer, then mark the plan renewed.
      </p>

      <Form method="get" className={`${card} mt-6 flex flex-wrap items-end gap-3 p-4`}>
        <FilterSelect id="renewals-days" label="Ending within" name="days" defaultValue={String(days)}>
          <Options of={[...new Set([...WINDOWS, days])].sort((a, b) => a - b)} label={(n) => `${n} days`} />
        </FilterSelect>
        <button type="submit" className={`${secondaryButton} py-2.5`}>
          Show
        </button>
      </Form>

      {renewals.length === 0 ? (
        <div className={`${card} mt-6 p-8 text-center`}>
          <p className="font-medium">No renewals due</p>
          <p className={`mt-1 text-sm ${mutedText}`}>No delivered plan ends within {days} days. Plans start when an order is marked delivered.</p>
        </div>
      ) : (
        <ul className="mt-6 space-y-4" aria-label="Renewals due">
          {renewals.map((renewal) => (
            <RenewalCard
              key={renewal.lineId}
              renewal={renewal}
              busy={renew.pending && renewing === renewal.lineId}
              onRenew={() => markRenewed(renewal.lineId)}
              onRemind={() => remind.submit({ intent: "remind", lineId: renewal.lineId })}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function RenewalCard({ renewal, busy, onRenew, onRemind }: { renewal: Renewal; busy: boolean; onRenew: () => void; onRemind: () => void }) {
  const ended = renewal.daysLeft < 0;

  return (
    <li className={`${card} p-4 sm:p-5`}>
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <h2 className="font-semibold break-words">
          {renewal.name} · {monthsLabel(renewal.months)} · {renewal.devices} {renewal.devices === 1 ? "device" : "devices"}
        </h2>
        <p className={`text-sm font-semibold ${ended ? "text-red-700 dark:text-red-300" : "text-amber-800 dark:text-amber-300"}`}>
          {whenText(renewal.daysLeft)}
        </p>
      </div>
      <p className={`mt-1 text-sm ${mutedText}`}>
        <span className="font-mono">{renewal.reference}</span> · {renewal.customerName ?? "No name"} ·{" "}
        {renewal.phone ? readablePhone(renewal.phone) : "No phone"} · ends {renewal.expiryDate} · message in {LANGUAGE_NAMES[renewal.language]}
      </p>
      <p className="mt-1 text-sm">
        {renewal.currentPrice === null ? "No longer sold with this plan" : `Renewal price today: NPR ${formatNpr(renewal.currentPrice)}`}
        {renewal.remindedAt && (
          <span className={mutedText}>
            {" "}
            · reminded <time dateTime={renewal.remindedAt}>{formatDateTime(renewal.remindedAt)}</time>
          </span>
        )}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        {renewal.whatsappUrl ? (
          <a href={renewal.whatsappUrl} target="_blank" rel="noopener noreferrer" className={`${primaryButton} px-4 py-2 text-sm`} onClick={onRemind}>
            Remind on WhatsApp<span className="sr-only"> (opens in a new tab)</span>
          </a>
        ) : (
          <p className={`self-center text-sm ${mutedText}`}>Add a phone to the order to remind on WhatsApp.</p>
        )}
        <button type="button" disabled={busy || renewal.currentPrice === null} onClick={onRenew} className={`${secondaryButton} px-4 py-2 text-sm`}>
          {busy ? "Creating the order…" : "Mark renewed"}
          <span className="sr-only">
            {" "}
            {renewal.name} of {renewal.reference}
          </span>
        </button>
      </div>
    </li>
  );
}

export const ErrorBoundary = screenErrorBoundary("Renewals");
