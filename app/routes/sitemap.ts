import { CATEGORIES } from "../../domain/catalogue";
import { categoryPath } from "../../domain/filters";
import { productPath } from "../../domain/search";
import { loadCatalogue } from "../features/catalogue/catalogue.server";
import { sitemapXml } from "../features/seo/sitemap";
import { publicOrigin } from "../features/seo/seo.server";
import type { Route } from "./+types/sitemap";

export async function loader({ request, context }: Route.LoaderArgs) {
  const origin = publicOrigin(request, context);
  const items = await loadCatalogue(context);
  const paths = ["/", "/prices", ...CATEGORIES.map(categoryPath), ...items.map((item) => productPath(item.Name))];
  return new Response(sitemapXml(origin, paths), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
