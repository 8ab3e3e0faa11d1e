import { absoluteUrl } from "./seo";

const xmlEscapes: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };
const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => xmlEscapes[c]!);

/** A sitemaps.org URL set of the given site paths, as absolute URLs. */
export function sitemapXml(origin: string, paths: readonly string[]): string {
  const urls = [...new Set(paths)].map((path) => `  <url><loc>${escapeXml(absoluteUrl(origin, path))}</loc></url>`);
  return ['<?xml version="1.0" encoding="UTF-8"?>', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', ...urls, "</urlset>", ""].join(
    "\n",
  );
}

/** Everything may be crawled except the admin area and the API. */
export function robotsTxt(origin: string): string {
  return ["User-agent: *", "Allow: /", "Disallow: /admin", "Disallow: /api", "", `Sitemap: ${absoluteUrl(origin, "/sitemap.xml")}`, ""].join("\n");
}
