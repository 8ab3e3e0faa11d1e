import { BillError, BillView } from "../features/bill/bill-view";
import { loadBillPage } from "../features/bill/bill.server";
import { m } from "../paraglide/messages";
import type { Route } from "./+types/bill";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return loadBillPage(context, request, params.number);
}

// One shopper's bill, opened by their key: never in a search engine, its address never sent on (ADR 0076, 0131).
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? m.bill_meta_title({ number: loaderData.number }) : m.bill_not_found() },
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "no-referrer" },
];

export default function Bill({ loaderData }: Route.ComponentProps) {
  return <BillView page={loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <BillError error={error} />;
}
