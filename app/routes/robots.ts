import { robotsTxt } from "../features/seo/sitemap";
import { publicOrigin } from "../features/seo/seo.server";
import type { Route } from "./+types/robots";

export function loader({ request, context }: Route.LoaderArgs) {
  return new Response(robotsTxt(publicOrigin(request, context)), {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
