import { LinkError } from "../features/order-page/link-error";
import { loadShopperOrder } from "../features/order-page/order.server";
import { OrderView } from "../features/order-page/order-view";
import { RenewDialog } from "../features/checkout/renew-dialog";
import { loadOnlinePayments, loadEnabledGateways } from "../features/order-page/online-payments.server";
import { loadTelegramOffer } from "../features/order-page/telegram-updates.server";
import { loadProblems } from "../features/order-page/problems.server";
import { loadCodeLines } from "../features/order-page/provider-codes.server";
import { m } from "../paraglide/messages";
import type { Route } from "./+types/order";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const loaded = await loadShopperOrder(context, request, params.reference);
  const [online, telegram, problems, codeLines, renewGateways] = await Promise.all([
    loadOnlinePayments(context, loaded.order),
    loadTelegramOffer(context, loaded.order),
    loadProblems(context, loaded.order),
    loadCodeLines(context, loaded.order),
    loadEnabledGateways(
      context,
      loaded.order.lines.some((line) => line.renewal),
    ),
  ]);
  return { ...loaded, online, telegram, problems, codeLines, renewGateways };
}

// One shopper's order: never in a search engine, and its address (with the key) never sent on (ADR 0076).
export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? m.order_meta_title({ reference: loaderData.order.reference }) : m.order_meta_not_found() },
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "no-referrer" },
];

export default function Order({ loaderData }: Route.ComponentProps) {
  return (
    <OrderView
      RenewDialog={RenewDialog}
      order={loaderData.order}
      credentials={loaderData.credentials}
      online={loaderData.online}
      telegram={loaderData.telegram}
      problems={loaderData.problems}
      codeLines={loaderData.codeLines}
      renewGateways={loaderData.renewGateways}
    />
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <LinkError error={error} />;
}
