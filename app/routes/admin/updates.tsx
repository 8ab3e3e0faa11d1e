import { UpdatesManager } from "../../features/admin-updates/updates-manager";
import { ScreenError } from "../../lib/admin/screen-error";
import { requireAdmin } from "../../lib/admin/require-admin";
import type { Route } from "./+types/updates";

export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin(context, request);
  return { posts: await context.services.updates.list() };
}

export const meta: Route.MetaFunction = () => [{ title: "Updates | Pasal admin" }];

export default function AdminUpdates({ loaderData }: Route.ComponentProps) {
  return <UpdatesManager posts={loaderData.posts} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ScreenError screen="Updates" error={error} />;
}
