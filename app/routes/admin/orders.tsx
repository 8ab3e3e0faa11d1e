import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { ORDER_PAGE_SIZE, orderListQuerySchema, type OrderPage } from "../../../domain/orders/schemas";
import { ORDER_STATUS_LABELS, ORDER_STATUSES, AWAITING_PAYMENT_STATUSES, SAY_THEY_PAID } from "../../../domain/orders/statuses";
import { normaliseReference } from "../../../domain/orders/references";
import { shopToday } from "../../../domain/shared/shop-time";
import { card, mutedText, primaryButton, secondaryButton } from "../../components/ui";
import { orderActionSchema } from "../../features/admin-orders/order-actions";
import { OrderCard } from "../../features/admin-orders/order-card";
import { PaymentsToCheck } from "../../features/admin-orders/payments-to-check";
import { RefusalsBanner } from "../../features/admin-orders/refusals-banner";
import { SpamAction } from "../../features/admin-orders/spam-action";
import type { LineLedgerData } from "../../../domain/ledger/schemas";
import { answer, reachServer, refuse } from "../../lib/admin/admin-action";
import { FilterSearch, FilterSelect } from "../../lib/admin/list-parts";
import { adminActor, signedInAdmin } from "../../lib/admin/require-admin";
import { normalisePhone } from "../../../domain/customers/customers";
import { screenErrorBoundary } from "../../lib/admin/screen-error";
import type { Route } from "./+types/orders";
import { Options } from "../../components/options";

export async function loader({ context, request }: Route.LoaderArgs) {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  const claimed = params.status === SAY_THEY_PAID;
  const parsed = orderListQuerySchema.safeParse({
    status: claimed ? undefined : params.status || undefined,
    claimed: claimed ? "true" : undefined,
    q: params.q || undefined,
    before: params.before || undefined,
  });
  const query = parsed.success ? parsed.data : { limit: ORDER_PAGE_SIZE };
  let page: OrderPage;
  let notice: string | null = null;
  try {
    page = await context.services.orders.list(query);
  } catch (error) {
    // The only refusal of a checked query: `before` names no order (a hand-edited or mistyped address).
    // The list starts again from the newest rather than failing as if the server were broken.
    const before = parsed.success ? parsed.data.before : undefined;
    if (!before || (error as { statusCode?: unknown }).statusCode !== 400) throw error;
    page = await context.services.orders.list({ ...query, before: undefined });
    notice = `No order ${normaliseReference(before)} to continue after, so the list starts again from the newest orders.`;
  }
  const [toCheck, refusals, limits, ledger, credits] = await Promise.all([
    context.services.payments.toCheck(),
    context.services.orderLimits.refusals(),
    context.services.orderLimits.get(),
    ledgerOf(context, page),
    creditsOf(context, page),
  ]);
  return {
    page,
    notice,
    toCheck,
    refusals,
    limits,
    ledger,
    credits,
    filter: { status: claimed ? SAY_THEY_PAID : parsed.success ? (parsed.data.status ?? "") : "", q: parsed.success ? (parsed.data.q ?? "") : "" },
    today: shopToday(new Date()),
  };
}

/** The ledger of the delivered orders' lines, read with the screen rather than line by line. */
async function ledgerOf(context: Route.LoaderArgs["context"], page: OrderPage): Promise<Record<string, LineLedgerData>> {
  const lineIds = page.items.filter((order) => order.status === "delivered").flatMap((order) => order.lines.map((line) => line.id));
  const { seats, licenceKeys } = context.services;
  const ledgers = await seats.lineLedgers(lineIds);
  const keys = await Promise.all(lineIds.map((lineId) => licenceKeys.countOf(lineId)));
  return Object.fromEntries(ledgers.map(({ lineId, ...ledger }, at) => [lineId, { ...ledger, keys: keys[at]! }]));
}

/**
 * The store credit each awaiting order's customer has, by phone: "Use store credit" is offered only where there is
 * some (ADR 0127).
 */
async function creditsOf(context: Route.LoaderArgs["context"], page: OrderPage): Promise<Record<string, number>> {
  const phones = new Set(
    page.items
      .filter((order) => order.phone && order.balancePaid === 0 && (AWAITING_PAYMENT_STATUSES as readonly string[]).includes(order.status))
      .map((order) => order.phone!),
  );
  const credits = await Promise.all(
    [...phones].map(async (phone) => {
      const customer = normalisePhone(phone);
      return [phone, customer ? await context.services.storeCredit.balanceOf(customer) : 0] as const;
    }),
  );
  return Object.fromEntries(credits);
}

/** The same service calls as the API's routes, with their audit lines. */
export async function action({ context, request }: Route.ActionArgs) {
  const atWork = { admin: signedInAdmin(context), log: context.log };
  const { orders, payments, orderLimits, seats, licenceKeys, delivery } = context.services;
  return answer(request, orderActionSchema, async (form) => {
    if (form.intent === "seat") return (await seats.assignSeat(form.lineId, form.seatId)).message;
    if (form.intent === "seat-free") return (await seats.freeSeat(form.lineId)).message;
    if (form.intent === "key") return (await licenceKeys.deliverKey(form.lineId)).message;
    if (form.intent === "delivery") {
      const { message, whatsappUrl, telegramUrl } = await delivery.of(
        form.lineId,
        { email: atWork.admin.email, address: context.clientAddress ?? null },
        new URL(request.url).origin,
      );
      const url = form.channel === "whatsapp" ? whatsappUrl : telegramUrl;
      if (!url) throw refuse(409, "This order has no phone number: add it in the customer details first.");
      return { message: `${form.channel === "whatsapp" ? "WhatsApp" : "Telegram"} opened with the delivery message`, detail: { url, message } };
    }
    if (form.intent === "spam") return (await orders.markSpam(form.fields.references, atWork)).message;
    if (form.intent === "refusals-hide") return (await orderLimits.hideRefusals(atWork)).message;
    if (form.intent === "payment-checked") return (await payments.resolve(form.id)).message;
    if (form.intent === "status") return (await orders.changeStatus(form.reference, form.fields.status, form.fields.startDate)).message;
    if (form.intent === "refund") return (await context.services.refunds.refund(form.reference, form.lineId, form.to, adminActor(context))).message;
    if (form.intent === "credit") return (await context.services.storeCredit.spendForCustomer(form.reference, adminActor(context))).message;
    if (form.intent === "start") return (await orders.setLineStart(form.reference, form.lineId, form.fields.startDate)).message;
    return (await orders.updateDetails(form.reference, form.fields, form.version)).message;
  });
}

export const clientAction = (args: Route.ClientActionArgs) => reachServer(args);

export const meta: Route.MetaFunction = () => [{ title: "Orders | Pasal admin" }];

export default function AdminOrders({ loaderData }: Route.ComponentProps) {
  const { page, notice, filter, today, toCheck, refusals, limits, ledger, credits } = loaderData;
  const orders = page.items;
  // The bulk action's choice: orders on this page awaiting payment.
  const [chosen, setChosen] = useState<Set<string>>(() => new Set());
  const candidates = orders.filter((order) => (AWAITING_PAYMENT_STATUSES as readonly string[]).includes(order.status)).map((o) => o.reference);
  const choose = (reference: string, on: boolean) =>
    setChosen((before) => {
      const next = new Set(before);
      if (on) next.add(reference);
      else next.delete(reference);
      return next;
    });
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location.pathname === "/admin/orders";
  const filtered = filter.status !== "" || filter.q !== "";
  return (
    <div className="mx-auto max-w-4xl">
      <h1 className="text-2xl font-bold">Orders</h1>
      <p className={`mt-1 ${mutedText}`}>Every checkout, newest first. Shoppers quote the reference in their chat message.</p>
      <RefusalsBanner refusals={refusals} limits={limits} hideable />
      <PaymentsToCheck payments={toCheck} />

      <Form method="get" role="search" aria-label="Find orders" className={`${card} mt-6 grid gap-3 p-4 sm:grid-cols-[1fr_12rem_auto] sm:items-end`}>
        <FilterSearch id="orders-q" label="Reference or phone" defaultValue={filter.q} placeholder="PSL-7K2QX or 9801…" />
        <FilterSelect id="orders-status" label="Status" name="status" defaultValue={filter.status}>
          <option value="">All statuses</option>
          <Options of={ORDER_STATUSES} label={(status) => ORDER_STATUS_LABELS[status]} />
          <option value={SAY_THEY_PAID}>Say they paid</option>
        </FilterSelect>
        <button type="submit" className={`${primaryButton} py-2.5`} disabled={searching}>
          {searching ? "Searching…" : "Search"}
        </button>
      </Form>

      <div aria-live="polite" aria-busy={searching} className={searching ? "opacity-60" : undefined}>
        {notice && (
          <p role="status" className={`${card} mt-6 p-4 text-sm`}>
            {notice}
          </p>
        )}
        {page.total === 0 ? (
          <div className={`${card} mt-6 p-8 text-center`}>
            <p className="font-medium">{filtered ? "No orders match" : "No orders yet"}</p>
            <p className={`mt-1 text-sm ${mutedText}`}>
              {filtered ? "Check the reference, or clear the filters." : "Orders appear here when shoppers check out from their cart."}
            </p>
          </div>
        ) : (
          <>
            <p className={`mt-6 text-sm ${mutedText}`}>{countText(page.total, page.skipped, orders.length)}</p>
            <SpamAction candidates={candidates} chosen={chosen} onChange={setChosen} />
            {orders.length > 0 && (
              <ul className="mt-4 space-y-4" aria-label="Orders">
                {orders.map((order) => (
                  <OrderCard
                    key={order.reference}
                    order={order}
                    ledger={ledger}
                    credit={order.phone ? (credits[order.phone] ?? 0) : 0}
                    today={today}
                    choice={
                      candidates.includes(order.reference)
                        ? { chosen: chosen.has(order.reference), choose: (on) => choose(order.reference, on) }
                        : undefined
                    }
                  />
                ))}
              </ul>
            )}
            {(page.nextBefore || page.skipped > 0) && (
              <nav aria-label="Pages of orders" className="mt-6 flex flex-wrap gap-3">
                {page.nextBefore && (
                  <Link to={`/admin/orders?${listParams(filter, page.nextBefore)}`} className={secondaryButton}>
                    Show older orders
                  </Link>
                )}
                {page.skipped > 0 && (
                  <Link to={`/admin/orders?${listParams(filter)}`} className={secondaryButton}>
                    Back to the newest orders
                  </Link>
                )}
              </nav>
            )}
          </>
        )}
      </div>
    </div>
  );
}

export const ErrorBoundary = screenErrorBoundary("Orders");

/** Honest about paging: "3 orders" when all are shown, else which ones of how many. */
function countText(total: number, skipped: number, shown: number): string {
  if (shown === total) return total === 1 ? "1 order" : `${total} orders`;
  if (shown === 0) return `No older orders; ${total} in all`;
  return `Orders ${skipped + 1}–${skipped + shown} of ${total}, newest first`;
}

/** The list's address with the same filters, on the page after `before` (or the first). */
function listParams(filter: { status: string; q: string }, before?: string): string {
  const params = new URLSearchParams();
  if (filter.q) params.set("q", filter.q);
  if (filter.status) params.set("status", filter.status);
  if (before) params.set("before", before);
  return params.toString();
}
