import { SubscriberList } from "../../features/admin-newsletter/subscriber-list";
import { screenErrorBoundary } from "../../lib/admin/screen-error";
import type { Route } from "./+types/newsletter";

export async function loader({ context }: Route.LoaderArgs) {
  return { subscribers: await context.services.newsletter.list() };
}

export const meta: Route.MetaFunction = () => [{ title: "Newsletter | Pasal admin" }];

export default function AdminNewsletter({ loaderData }: Route.ComponentProps) {
  return <SubscriberList subscribers={loaderData.subscribers} />;
}

export const ErrorBoundary = screenErrorBoundary("Newsletter");
