import { updateActionSchema } from "../../features/admin-updates/update-actions";
import { UpdatesManager } from "../../features/admin-updates/updates-manager";
import { answer, reachServer } from "../../lib/admin/admin-action";
import { screenErrorBoundary } from "../../lib/admin/screen-error";
import type { Route } from "./+types/updates";

export async function loader({ context }: Route.LoaderArgs) {
  return { posts: await context.services.updates.list() };
}

export async function action({ context, request }: Route.ActionArgs) {
  const { updates } = context.services;
  return answer(request, updateActionSchema, async (form) => {
    if (form.intent === "delete") return (await updates.delete(form.id)).message;
    if (form.intent === "update") return (await updates.update(form.id, form.fields, form.version)).message;
    return (await updates.create(form.fields)).message;
  });
}

export const clientAction = (args: Route.ClientActionArgs) => reachServer(args);

export const meta: Route.MetaFunction = () => [{ title: "Updates | Pasal admin" }];

export default function AdminUpdates({ loaderData }: Route.ComponentProps) {
  return <UpdatesManager posts={loaderData.posts} />;
}

export const ErrorBoundary = screenErrorBoundary("Updates");
