import { data } from "react-router";
import { localeOfPath } from "../../domain/shared/locale";
import { loadUpdates } from "../features/updates/load-updates.server";
import { UpdatesView } from "../features/updates/updates-view";
import { pageMeta } from "../features/seo/seo";
import { m } from "../paraglide/messages";
import { getLocale } from "../paraglide/runtime";
import type { Route } from "./+types/updates";

export async function loader({ request, context }: Route.LoaderArgs) {
  const state = await loadUpdates(context, localeOfPath(new URL(request.url).pathname));
  // An error page must not be kept by a cache in front of us.
  return data(state, state.status === "error" ? { status: 503, headers: { "Cache-Control": "no-store" } } : undefined);
}

// In the browser (a navigation here, Try Again, Refresh) the page reads the spec's GET /admin/update, so
// its error texts are the spec's, and a lost connection shows the page's error state, not the app's.
// Its answer check (zod/mini) loads with the first such read, not with the page.
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const { fetchUpdates } = await import("../features/updates/fetch-updates");
  return fetchUpdates(fetch, new Date(), localeOfPath(new URL(request.url).pathname));
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { path: "/updates", title: m.meta_updates_title(), description: m.meta_updates_description() }, getLocale());

export default function Updates({ loaderData }: Route.ComponentProps) {
  return <UpdatesView state={loaderData} />;
}
