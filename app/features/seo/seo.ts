import type { MetaDescriptor } from "react-router";
import { localHref, type Locale } from "../../../domain/shared/locale";

export const SITE_NAME = "Pasal";
/** A link preview's picture when the page has none of its own (a category tile, nothing explicit). */
export const DEFAULT_SHARE_IMAGE = { path: "/images/slides/netflix-premium.svg", width: 1200, height: 500 };

const SHIPPED_SVG = /^\/images\/(catalogue|slides|categories)\/[^/]+\.svg$/;

/**
 * Chat apps and social sites show no preview for SVG, so a shipped SVG tile is swapped for the PNG twin
 * that `npm run build` renders beside it (scripts/rasterize-images.mjs: slides 1200 wide, the rest 600).
 */
export function shareImage<T extends { path: string; width?: number; height?: number }>(image: T): T {
  const match = SHIPPED_SVG.exec(image.path);
  if (!match) return image;
  const width = match[1] === "slides" ? 1200 : 600;
  const height = image.width && image.height ? Math.round((width * image.height) / image.width) : undefined;
  return { ...image, path: image.path.replace(/\.svg$/, ".png"), width, height };
}

/** `path` on the site, or an already absolute URL, as an absolute URL. */
export function absoluteUrl(origin: string, path: string): string {
  return new URL(path, `${origin}/`).href;
}

export type PageSeo = {
  origin: string;
  /** Path of the canonical page in English, without query; a Nepali page's is the same under `/ne`. */
  path: string;
  /** The page's language (ADR 0091); English when not given. */
  locale?: Locale;
  title: string;
  description: string;
  image?: { path: string; alt: string; width?: number; height?: number };
  type?: "website" | "product";
  siteName?: string;
  jsonLd?: Record<string, unknown>;
};

/**
 * Title, description, canonical link, Open Graph and Twitter tags for a page. Chat apps and social
 * sites read these from the server-rendered HTML (their crawlers run no JavaScript), and want absolute URLs.
 */
export function seoMeta(page: PageSeo): MetaDescriptor[] {
  const locale = page.locale ?? "en";
  const url = absoluteUrl(page.origin, localHref(locale, page.path));
  const image = shareImage(page.image ?? { ...DEFAULT_SHARE_IMAGE, alt: page.siteName ?? SITE_NAME });
  const wide = !!image.width && !!image.height && image.width / image.height >= 1.5;
  const imageUrl = absoluteUrl(page.origin, image.path);
  const description = summary(page.description);
  const meta: MetaDescriptor[] = [
    { title: page.title },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: page.siteName ?? SITE_NAME },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:title", content: page.title },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: imageUrl },
    { property: "og:image:alt", content: image.alt },
    { property: "og:locale", content: locale === "ne" ? "ne_NP" : "en_US" },
    { property: "og:locale:alternate", content: locale === "ne" ? "en_US" : "ne_NP" },
    { name: "twitter:card", content: wide ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: page.title },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: imageUrl },
    { name: "twitter:image:alt", content: image.alt },
  ];
  if (image.width && image.height) {
    meta.push({ property: "og:image:width", content: String(image.width) }, { property: "og:image:height", content: String(image.height) });
  }
  // React Router escapes <, > and & inside this script, so a name like "</script>" cannot end it early.
  meta.push({ "script:ld+json": page.jsonLd ?? webPageJsonLd(page.title, description, url, locale, page.origin, page.siteName ?? SITE_NAME) });
  return meta;
}

/** schema.org WebPage of a page that describes no product, in the page's language. */
function webPageJsonLd(title: string, description: string, url: string, locale: Locale, origin: string, siteName: string) {
  return {
    "@context": "https://schema.org",
    "@type": "WebPage",
    name: title,
    description,
    url,
    inLanguage: locale === "ne" ? "ne-NP" : "en",
    isPartOf: { "@type": "WebSite", name: siteName, url: absoluteUrl(origin, localHref(locale, "/")) },
  };
}

/** What a page's meta function is given: the matched routes, the root's data among them. */
type MetaMatches = ReadonlyArray<{ id: string; data?: unknown } | undefined>;

/**
 * Title, description and link preview (Open Graph, Twitter, JSON-LD) of a storefront page in its language,
 * with the origin the root's loader found. `path` is the page's English path.
 */
export function pageMeta(matches: MetaMatches, page: Omit<PageSeo, "origin" | "locale">, locale: Locale): MetaDescriptor[] {
  const origin = (matches.find((match) => match?.id === "root")?.data as { origin?: string } | undefined)?.origin;
  if (!origin) return [{ title: page.title }, { name: "description", content: page.description }];
  return seoMeta({ ...page, origin, locale });
}

/** Previews cut descriptions off around 160 characters; cut at a word instead. */
export function summary(text: string, max = 160): string {
  const clean = text.replace(/\s+/g, " ").trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(" ") > max / 2 ? cut.lastIndexOf(" ") : cut.length)}…`;
}
