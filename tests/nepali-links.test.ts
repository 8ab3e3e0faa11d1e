import { describe, expect, it } from "vitest";
import { createTestApp } from "./helpers/app";
import { productionWeb } from "./helpers/web";

/** The anchors of a page: where each goes, and whether it says it leads to the English pages. */
function anchors(html: string): { href: string; toEnglish: boolean }[] {
  return [...html.matchAll(/<a\b([^>]*)>/g)].flatMap(([, attributes = ""]) => {
    const href = /\shref="([^"]*)"/.exec(attributes)?.[1];
    if (!href) return [];
    return [{ href: href.replaceAll("&amp;", "&"), toEnglish: /\shreflang="en"/i.test(attributes) }];
  });
}

describe("the Nepali pages' links", () => {
  it("every internal link of every /ne/ page lands on a Nepali page, but the language switch's", async () => {
    // The shop as `npm start` first shows it: the default catalogue, carousel and posts.
    const { app } = await createTestApp({ web: await productionWeb(), seed: true });
    const seen = new Set<string>();
    const queue = ["/ne/"];
    const wrong: string[] = [];
    while (queue.length > 0 && seen.size < 300) {
      const page = queue.shift()!;
      if (seen.has(page)) continue;
      seen.add(page);
      const response = await app.inject(page);
      for (const { href, toEnglish } of anchors(response.body)) {
        if (!href.startsWith("/") || href.startsWith("//")) continue;
        const url = new URL(href, "http://shop.test");
        // The admin area and downloads are in English only.
        if (url.pathname.startsWith("/admin") || /\.\w+$/.test(url.pathname)) continue;
        let landing = url.pathname + url.search;
        let status = 0;
        for (let hops = 0; hops < 3; hops++) {
          const answer = await app.inject(landing);
          status = answer.statusCode;
          if (status !== 301 && status !== 302) break;
          landing = String(answer.headers.location);
        }
        const nepali = landing === "/ne" || landing.startsWith("/ne/") || landing.startsWith("/ne?");
        if (status !== 200) wrong.push(`${page} → ${href}: ${status}`);
        else if (nepali === toEnglish) wrong.push(`${page} → ${href} lands on ${landing}`);
        else if (nepali) queue.push(landing);
      }
    }
    expect(wrong).toEqual([]);
    expect(seen.size).toBeGreaterThan(20);
  });

  it("the carousel names its slides in Nepali words and digits", async () => {
    const { app } = await createTestApp({ web: await productionWeb(), seed: true });
    const home = (await app.inject("/ne/")).body;
    expect(home).toMatch(/aria-label="[०-९]+ मध्ये १"/);
    expect(home).toMatch(/aria-label="स्लाइड १ मा जानुहोस्"/);
    expect(home).not.toMatch(/aria-label="\d+ of \d+"/);
  });
});
