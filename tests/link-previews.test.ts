import { describe, expect, it } from "vitest";
import { defaultCategories } from "../domain/catalogue/default-catalogue";
import { defaultSlides } from "../domain/carousel/default-slides";
import { createTestApp } from "./helpers/app";
import { productionWeb } from "./helpers/web";

// What a chat app, a search engine or a first paint reads from the production build's HTML: server behaviour that
// needs no browser (these were end-to-end tests until ADR 0118 moved them here).
const web = await productionWeb();
const ORIGIN = "https://shop.example";
const NETFLIX = "/prices/Netflix%20Premium";

async function shop() {
  const { app } = await createTestApp({ seed: true, web, env: { PUBLIC_URL: ORIGIN } });
  const get = async (url: string, headers: Record<string, string> = {}) => {
    const response = await app.inject({ method: "GET", url, headers });
    expect(response.statusCode, `${url}: ${response.body.slice(0, 200)}`).toBe(200);
    return response;
  };
  return { get };
}

describe("the pages' HTML", () => {
  it("home is rendered on the server with slides, categories and what's new", async () => {
    const html = (await (await shop()).get("/")).body;
    const titles = defaultSlides.map((slide) => slide.title);
    expect(html).toMatch(/<h1[^>]*>Digital subscriptions in Nepal/);
    expect(html).toContain('aria-roledescription="carousel"');
    for (const [i, title] of titles.entries()) {
      expect(html).toContain(title);
      expect(html).toContain(`aria-label="${i + 1} of ${titles.length}"`);
    }
    // The first slide's picture loads at once; the others wait.
    const slideImages = html.match(/<img [^>]*src="\/images\/slides\/[^>]+>/g) ?? [];
    expect(slideImages).toHaveLength(titles.length);
    for (const [i, img] of slideImages.entries()) {
      expect(img).toContain('width="1200"');
      expect(img).toContain('height="500"');
      if (i === 0) expect(img).toMatch(/loading="eager".*fetchPriority="high"/i);
      else expect(img).toContain('loading="lazy"');
    }
    for (const category of defaultCategories) expect(html).toContain(`href="/price/${encodeURIComponent(category.name)}"`);
    expect(html).toContain("What&#x27;s New to Watch");
    expect(html).toContain("Stranger Things");
    expect(html).toContain('href="/all-content"');
  });

  it("a product carries link-preview tags and JSON-LD in NPR, and its raster picture is served", async () => {
    const { get } = await shop();
    const html = (await get(NETFLIX)).body;
    expect(html).toContain("<title>Netflix Premium price in Nepal | Pasal</title>");
    expect(html).toContain('<meta property="og:title" content="Netflix Premium price in Nepal | Pasal"/>');
    expect(html).toContain(`<meta property="og:image" content="${ORIGIN}/images/catalogue/netflix-premium.png"/>`);
    // Chat apps need a raster picture: the PNG twin is really served.
    expect((await get("/images/catalogue/netflix-premium.png")).headers["content-type"]).toBe("image/png");
    expect(html).toContain(`<meta property="og:url" content="${ORIGIN}${NETFLIX}"/>`);
    expect(html).toContain('<meta property="og:type" content="product"/>');
    expect(html).toMatch(/<meta name="twitter:card" content="summary"\/>/);
    expect(html).toMatch(/<meta name="description" content="From NPR 300\. /);
    const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1];
    expect(jsonLd).toBeTruthy();
    expect(JSON.parse(jsonLd!)).toMatchObject({
      "@type": "Product",
      name: "Netflix Premium",
      image: `${ORIGIN}/images/catalogue/netflix-premium.png`,
      offers: { "@type": "AggregateOffer", priceCurrency: "NPR", lowPrice: "300", highPrice: "3200", availability: "https://schema.org/InStock" },
    });
  });

  it("a category's price list has link-preview tags", async () => {
    const html = (await (await shop()).get("/price/ott")).body;
    expect(html).toContain('<meta property="og:title" content="OTT subscription prices in Nepal | Pasal"/>');
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/price/ott"/>`);
    expect(html).toContain(`<meta property="og:image" content="${ORIGIN}/images/categories/ott.png"/>`);
  });

  it("a Nepali product link previews in Nepali, and names its English twin", async () => {
    const { get } = await shop();
    const html = (await get(`/ne${NETFLIX}`, { "user-agent": "WhatsApp/2.23" })).body;
    expect(html).toMatch(/<html lang="ne"/);
    expect(html).toContain('<meta property="og:title" content="Netflix Premium को नेपालमा मूल्य | Pasal"/>');
    expect(html).toMatch(/<meta property="og:description" content="रु\. [०-९,]+ देखि।/);
    expect(html).toContain('<meta property="og:locale" content="ne_NP"/>');
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/ne${NETFLIX}"/>`);
    expect(html).toContain(`<link rel="alternate" hrefLang="en" href="${ORIGIN}${NETFLIX}"/>`);
    expect(html).toContain(`<link rel="alternate" hrefLang="ne" href="${ORIGIN}/ne${NETFLIX}"/>`);
    const english = (await get(NETFLIX)).body;
    expect(english).toContain('<meta property="og:title" content="Netflix Premium price in Nepal | Pasal"/>');
    expect(english).toContain('<meta property="og:locale" content="en_US"/>');
  });
});

describe("the sitemap and robots.txt", () => {
  it("list the pages and products in both languages, and robots.txt points to the sitemap", async () => {
    const { get } = await shop();
    const sitemap = await get("/sitemap.xml");
    expect(sitemap.headers["content-type"]).toContain("application/xml");
    for (const path of ["/", "/prices", "/price/ott", "/price/18%2B", NETFLIX, "/prices/Internet%20Download%20Manager", `/ne${NETFLIX}`, "/ne/"]) {
      expect(sitemap.body).toContain(`<loc>${ORIGIN}${path}</loc>`);
    }
    const robots = await get("/robots.txt");
    expect(robots.headers["content-type"]).toContain("text/plain");
    expect(robots.body).toContain("User-agent: *");
    expect(robots.body).toContain("Disallow: /admin");
    expect(robots.body).toContain("Disallow: /api");
    expect(robots.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`);
  });
});
