import { CATEGORIES } from "../../domain/catalogue/catalogue";
import { categoryPath } from "../../domain/catalogue/filters";
import { pathInLocale } from "../../domain/shared/locale";
import { productPath } from "../../domain/catalogue/search";
import { loadCatalogue } from "../features/catalogue/catalogue.server";
import { sitemapXml } from "../features/seo/sitemap";
import { publicOrigin } from "../features/seo/seo.server";
import type { Route } from "./+types/sitemap";

export async function loader({ request, context }: Route.LoaderArgs) {
  const origin = publicOrigin(request, context);
  const items = await loadCatalogue(context);
  const english = ["/", "/prices", ...CATEGORIES.map(categoryPath), ...items.map((item) => productPath(item.Name))];
  // Every page in English, then the same pages in Nepali (ADR 0091).
  const paths = [...english, ...english.map((path) => pathInLocale(path, "ne"))];
  return new Response(sitemapXml(origin, paths), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
