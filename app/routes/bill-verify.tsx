import { BillError } from "../features/bill/bill-view";
import { loadVerifiedBill } from "../features/bill/bill.server";
import { VerifiedBillView } from "../features/bill/verified-bill";
import { m } from "../paraglide/messages";
import type { Route } from "./+types/bill-verify";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  return loadVerifiedBill(context, request, params.number);
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? m.bill_verify_meta_title({ number: loaderData.number }) : m.bill_verify_none() },
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "no-referrer" },
];

export default function BillVerify({ loaderData }: Route.ComponentProps) {
  return <VerifiedBillView bill={loaderData} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <BillError error={error} verifying />;
}
