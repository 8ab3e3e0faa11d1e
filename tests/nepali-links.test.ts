import { beforeAll, describe, expect, it } from "vitest";
import { referencePattern } from "../domain/orders/references";
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

const VOID_ELEMENTS = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);
/** The attributes whose words a person reads or hears. */
const TEXT_ATTRIBUTES = ["alt", "title", "aria-label", "placeholder"];
const decode = (text: string) =>
  text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, decimal: string) => String.fromCodePoint(Number(decimal)))
    .replaceAll("&quot;", '"')
    .replaceAll("&#x27;", "'")
    .replaceAll("&lt;", "<")
    .replaceAll("&gt;", ">")
    .replaceAll("&amp;", "&");

/**
 * The texts of a server-rendered page a person reads (text, and the attributes above), each with the language
 * its element is marked in (`lang`, inherited) and the element it is in. React writes well-formed HTML, so a
 * tag stack is enough.
 */
function textsWithLanguage(html: string): { text: string; lang: string; tag: string }[] {
  const found: { text: string; lang: string; tag: string }[] = [];
  const stack: { tag: string; lang: string }[] = [{ tag: "", lang: "" }];
  const token = /<!--[\s\S]*?-->|<![^>]*>|<\/([a-zA-Z][\w-]*)\s*>|<([a-zA-Z][\w-]*)((?:\s+[^\s=/>]+(?:="[^"]*")?)*)\s*\/?>|([^<]+)/g;
  for (let match = token.exec(html); match; match = token.exec(html)) {
    const [whole, closing, opening, attributes = "", text] = match;
    const current = stack.at(-1)!;
    if (text !== undefined) {
      if (text.trim()) found.push({ text: decode(text), lang: current.lang, tag: current.tag });
    } else if (closing) {
      const at = stack.findLastIndex((element) => element.tag === closing.toLowerCase());
      if (at > 0) stack.length = at;
    } else if (opening) {
      const tag = opening.toLowerCase();
      const lang = /\slang="([^"]*)"/.exec(attributes)?.[1] ?? current.lang;
      for (const name of TEXT_ATTRIBUTES) {
        const value = new RegExp(`\\s${name}="([^"]*)"`).exec(attributes)?.[1];
        if (value) found.push({ text: decode(value), lang, tag });
      }
      if (tag === "script" || tag === "style") {
        // Code, not words: on to its end tag.
        const end = html.indexOf(`</${tag}>`, token.lastIndex);
        token.lastIndex = end === -1 ? html.length : end + tag.length + 3;
      } else if (!VOID_ELEMENTS.has(tag) && !whole.endsWith("/>")) stack.push({ tag, lang });
    }
  }
  return found;
}

/**
 * Latin words a Nepali page may carry unmarked: the shop's and the brands' names as everyone writes them
 * (docs/glossary.md), and abbreviations with no Nepali word in use.
 */
const NAMES_KEPT_IN_LATIN = new Set(
  "Pasal Netflix Spotify WhatsApp Telegram Facebook YouTube Khalti eSewa Fonepay VPN OTT PIN QR AI TV IP"
    .split(" ")
    .map((word) => word.toLowerCase()),
);

/** The English words of a text: what is not an address, an order reference or a name kept in Latin letters. */
function englishWords(text: string): string[] {
  return text
    .split(/\s+/)
    .filter((word) => !/@|^https?:|^\/|\.(com|np|org)\b/.test(word) && !referencePattern.test(word))
    .flatMap((word) => word.match(/[A-Za-z]{2,}/g) ?? [])
    .filter((word) => !NAMES_KEPT_IN_LATIN.has(word.toLowerCase()));
}

/** A Nepali name the seller gave one item of the default catalogue (ADR 0093), to see it on the pages. */
const NETFLIX_NE = "नेटफ्लिक्स प्रिमियम";

/** Every Nepali page a shopper reaches by links from /ne/ (and the pages only the phone menu or a chat link opens). */
async function crawlNepaliPages() {
  // The shop as `npm start` first shows it: the default catalogue, carousel and posts.
  const t = await createTestApp({ web: await productionWeb(), seed: true });
  const { app } = t;
  const cookie = await t.adminCookie();
  const netflix = (await app.inject("/api/prices")).json().allPrices.find((item: { Name: string }) => item.Name === "Netflix Premium");
  const named = await app.inject({
    method: "PUT",
    url: `/api/prices/${netflix._id}`,
    payload: { ...netflix, NameNe: NETFLIX_NE },
    headers: { cookie },
  });
  expect(named.statusCode, named.body).toBe(200);
  const order = await app.inject({
    method: "POST",
    url: "/api/orders",
    payload: { items: [{ _id: netflix._id, months: 3, devices: 2 }], channel: "whatsapp", language: "ne" },
  });
  expect(order.statusCode, order.body).toBe(201);
  const orderPage = new URL(order.json().orderUrl, "http://shop.test");

  const pages = new Map<string, string>();
  const queue = ["/ne/", "/ne/my-orders", "/ne/cart", orderPage.pathname + orderPage.search];
  const wrongLinks: string[] = [];
  while (queue.length > 0 && pages.size < 300) {
    const page = queue.shift()!;
    if (pages.has(page)) continue;
    const response = await app.inject(page);
    pages.set(page, response.body);
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
      if (status !== 200) wrongLinks.push(`${page} → ${href}: ${status}`);
      else if (nepali === toEnglish) wrongLinks.push(`${page} → ${href} lands on ${landing}`);
      else if (nepali) queue.push(landing);
    }
  }
  const sellerNames = (await app.inject("/api/prices")).json().allPrices.map((item: { Name: string }) => item.Name) as string[];
  return { pages, wrongLinks, sellerNames };
}

describe("the Nepali pages", () => {
  let crawl: Awaited<ReturnType<typeof crawlNepaliPages>>;
  beforeAll(async () => {
    crawl = await crawlNepaliPages();
  });

  it("every internal link of every /ne/ page lands on a Nepali page, but the language switch's", () => {
    expect(crawl.wrongLinks).toEqual([]);
    expect(crawl.pages.size).toBeGreaterThan(20);
  });

  it("say nothing in English but in elements marked lang=en: the seller's English words, and what Netflix's app shows", () => {
    // A <title> cannot mark a part of itself: it may name the seller's items, in English where they have no Nepali name.
    const inTitles = new Set(crawl.sellerNames.flatMap(englishWords));
    const english = [...crawl.pages].flatMap(([page, html]) => {
      const texts = textsWithLanguage(html);
      return texts
        .filter(({ lang }) => !lang.startsWith("en"))
        .flatMap(({ text, tag }) => {
          const words = englishWords(text).filter((word) => tag !== "title" || !inTitles.has(word));
          return words.length ? [`${page}: ${text.trim().slice(0, 120)}`] : [];
        });
    });
    expect([...new Set(english)]).toEqual([]);
    // The check sees what it should: the seller's English words are there, marked.
    const product = crawl.pages.get(`/ne/prices/${encodeURIComponent("Spotify Premium")}`)!;
    expect(
      textsWithLanguage(product)
        .filter(({ lang }) => lang === "en")
        .map(({ text }) => text),
    ).toContain("Spotify Premium");
  });

  it("show the seller's Nepali name of an item, on its product page and on the order page", () => {
    const [orderPage] = [...crawl.pages].find(([page]) => page.startsWith("/ne/order/"))!;
    for (const page of [`/ne/prices/${encodeURIComponent("Netflix Premium")}`, orderPage]) {
      const texts = textsWithLanguage(crawl.pages.get(page)!).map(({ text }) => text);
      expect(texts, page).toContain(NETFLIX_NE);
      expect(texts, page).not.toContain("Netflix Premium");
    }
  });

  it("the carousel names its slides in Nepali words and digits", async () => {
    const { app } = await createTestApp({ web: await productionWeb(), seed: true });
    const home = (await app.inject("/ne/")).body;
    expect(home).toMatch(/aria-label="[०-९]+ मध्ये १"/);
    expect(home).toMatch(/aria-label="स्लाइड १ मा जानुहोस्"/);
    expect(home).not.toMatch(/aria-label="\d+ of \d+"/);
  });
});
