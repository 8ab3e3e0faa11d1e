import { blocklistActionSchema } from "../../features/admin-coupons/coupon-actions";
import { BlocklistScreen } from "../../features/admin-coupons/blocklist-screen";
import { answer, reachServer } from "../../lib/admin/admin-action";
import { screenErrorBoundary } from "../../lib/admin/screen-error";
import type { Route } from "./+types/blocklist";

export async function loader({ context }: Route.LoaderArgs) {
  return context.services.blocklist.list();
}

export async function action({ context, request }: Route.ActionArgs) {
  const { blocklist } = context.services;
  return answer(request, blocklistActionSchema, async (form) => {
    if (form.intent === "unblock") return (await blocklist.unblock(form.phone)).message;
    return (await blocklist.block(form.fields)).message;
  });
}

export const clientAction = (args: Route.ClientActionArgs) => reachServer(args);

export const meta: Route.MetaFunction = () => [{ title: "Blocklist | Pasal admin" }];

export default function AdminBlocklist({ loaderData }: Route.ComponentProps) {
  return <BlocklistScreen items={loaderData.items} attempts={loaderData.attempts} />;
}

export const ErrorBoundary = screenErrorBoundary("Blocklist");
