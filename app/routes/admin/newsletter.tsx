import { redirect } from "react-router";
import { SubscriberList } from "../../features/admin-newsletter/subscriber-list";
import { requestedPath } from "../../lib/admin/safe-next";
import { ScreenError } from "../../lib/admin/screen-error";
import type { Route } from "./+types/newsletter";

export async function loader({ context, request }: Route.LoaderArgs) {
  // Loaders run side by side with the layout's: this one checks the session too.
  if (!context.admin) throw redirect(`/admin/login?next=${encodeURIComponent(requestedPath(request))}`);
  return { subscribers: await context.services.newsletter.list() };
}

export const meta: Route.MetaFunction = () => [{ title: "Newsletter | Pasal admin" }];

export default function AdminNewsletter({ loaderData }: Route.ComponentProps) {
  return <SubscriberList subscribers={loaderData.subscribers} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ScreenError screen="Newsletter" error={error} />;
}
