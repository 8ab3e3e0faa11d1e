import { describe, expect, it } from "vitest";
import { productJsonLd } from "./product-json-ld";
import { absoluteUrl, seoMeta, shareImage, summary } from "./seo";

const item = {
  Id: "1",
  Name: "Netflix Premium",
  Info: "4K on a shared account.",
  category: "ott" as const,
  plans: { "1": 300, "12": 3200, "3": 880 },
};

describe("absoluteUrl", () => {
  it("joins paths to the origin and keeps absolute URLs", () => {
    expect(absoluteUrl("https://pasal.example", "/prices/Netflix%20Premium")).toBe("https://pasal.example/prices/Netflix%20Premium");
    expect(absoluteUrl("http://127.0.0.1:3000", "https://cdn.example/x.png")).toBe("https://cdn.example/x.png");
  });
});

describe("shareImage", () => {
  it("swaps a shipped SVG tile for its PNG twin, at the PNG's size", () => {
    expect(shareImage({ path: "/images/catalogue/netflix-premium.svg", width: 400, height: 400 })).toEqual({
      path: "/images/catalogue/netflix-premium.png",
      width: 600,
      height: 600,
    });
    expect(shareImage({ path: "/images/slides/music.svg", width: 1200, height: 500 })).toMatchObject({
      path: "/images/slides/music.png",
      height: 500,
    });
  });

  it("leaves other images alone", () => {
    const uploaded = { path: "https://cdn.example/x.jpg", width: 10, height: 10 };
    expect(shareImage(uploaded)).toBe(uploaded);
    expect(shareImage({ path: "/images/placeholder.svg" }).path).toBe("/images/placeholder.svg");
  });
});

describe("seoMeta", () => {
  it("gives absolute canonical, og:url and og:image", () => {
    const meta = seoMeta({
      origin: "https://pasal.example",
      path: "/prices/Netflix%20Premium",
      title: "Netflix Premium | Pasal",
      description: "From NPR 300",
      image: { path: "/images/n.svg", alt: "Netflix Premium", width: 400, height: 400 },
      type: "product",
      jsonLd: productJsonLd(item, "https://pasal.example/prices/Netflix%20Premium", null),
    });
    expect(meta).toContainEqual({ tagName: "link", rel: "canonical", href: "https://pasal.example/prices/Netflix%20Premium" });
    expect(meta).toContainEqual({ property: "og:image", content: "https://pasal.example/images/n.svg" });
    expect(meta).toContainEqual({ property: "og:type", content: "product" });
    expect(meta).toContainEqual({ name: "twitter:card", content: "summary" });
    expect(meta.some((m) => "script:ld+json" in m)).toBe(true);
  });
});

describe("productJsonLd", () => {
  it("describes several plans as an AggregateOffer in NPR", () => {
    expect(productJsonLd(item, "u", "i")).toMatchObject({
      "@type": "Product",
      name: "Netflix Premium",
      image: "i",
      offers: {
        "@type": "AggregateOffer",
        lowPrice: "300",
        highPrice: "3200",
        offerCount: 3,
        priceCurrency: "NPR",
        availability: "https://schema.org/InStock",
      },
    });
  });

  it("uses one Offer for one plan and none without plans", () => {
    expect(productJsonLd({ ...item, plans: { "1": 1500 } }, "u", null).offers).toMatchObject({
      "@type": "Offer",
      price: "1500",
      priceCurrency: "NPR",
    });
    const unpriced = productJsonLd({ ...item, plans: {} }, "u", null);
    expect(unpriced).not.toHaveProperty("offers");
    expect(unpriced).not.toHaveProperty("image");
  });
});

describe("summary", () => {
  it("cuts long text at a word", () => {
    expect(summary("short  text ")).toBe("short text");
    const long = summary("word ".repeat(60), 40);
    expect(long.length).toBeLessThanOrEqual(40);
    expect(long.endsWith("word…")).toBe(true);
  });
});

describe("sitemap and robots", () => {
  it("lists absolute, escaped URLs once each", async () => {
    const { sitemapXml } = await import("./sitemap");
    const xml = sitemapXml("https://pasal.example", ["/", "/prices", "/prices/Tom%20%26%20Jerry's", "/prices"]);
    expect(xml).toContain("<loc>https://pasal.example/</loc>");
    expect(xml).toContain("<loc>https://pasal.example/prices/Tom%20%26%20Jerry&apos;s</loc>");
    expect(xml.match(/<loc>https:\/\/pasal.example\/prices<\/loc>/g)).toHaveLength(1);
  });

  it("keeps crawlers out of the admin and the API and names the sitemap", async () => {
    const { robotsTxt } = await import("./sitemap");
    expect(robotsTxt("https://pasal.example")).toBe(
      "User-agent: *\nAllow: /\nDisallow: /admin\nDisallow: /api\n\nSitemap: https://pasal.example/sitemap.xml\n",
    );
  });
});
