import { expect, it } from "vitest";
import { localeOfPath, localHref, pathInLocale, sellerLang, sellerText } from "./locale";

it.each([
  ["/", "en"],
  ["/prices/netflix", "en"],
  ["/ne", "ne"],
  ["/ne/", "ne"],
  ["/ne/prices/netflix", "ne"],
  ["/news", "en"],
  ["/netflixCode", "en"],
] as const)("reads the language of %s from the path: %s", (path, locale) => {
  expect(localeOfPath(path)).toBe(locale);
});

it.each([
  ["/", "ne", "/ne/"],
  ["/ne/", "en", "/"],
  ["/ne", "en", "/"],
  ["/prices/netflix", "ne", "/ne/prices/netflix"],
  ["/ne/prices/netflix", "en", "/prices/netflix"],
  ["/ne/prices/netflix", "ne", "/ne/prices/netflix"],
  ["/netflixCode", "ne", "/ne/netflixCode"],
] as const)("moves the page %s into %s: %s", (path, locale, moved) => {
  expect(pathInLocale(path, locale)).toBe(moved);
});

it.each([
  ["en", "/cart", "/cart"],
  ["ne", "/cart", "/ne/cart"],
  ["ne", "/", "/ne/"],
  ["ne", "https://wa.me/1", "https://wa.me/1"],
  ["ne", "//example.com", "//example.com"],
] as const)("links within %s to %s as %s", (locale, href, link) => {
  expect(localHref(locale, href)).toBe(link);
});

it("shows the seller's Nepali text on Nepali pages where there is one, the English everywhere else", () => {
  expect(sellerText("ne", "Steam Gift Card", "स्टिम गिफ्ट कार्ड")).toBe("स्टिम गिफ्ट कार्ड");
  expect(sellerText("en", "Steam Gift Card", "स्टिम गिफ्ट कार्ड")).toBe("Steam Gift Card");
  expect(sellerText("ne", "Netflix Premium", null)).toBe("Netflix Premium");
  expect(sellerText("ne", "Netflix Premium", undefined)).toBe("Netflix Premium");
  expect(sellerText("ne", "Netflix Premium", "")).toBe("Netflix Premium");
});

it("marks the English a Nepali page falls back to as English, and nothing else", () => {
  expect(sellerLang("ne", null)).toBe("en");
  expect(sellerLang("ne", "")).toBe("en");
  expect(sellerLang("ne", "स्टिम गिफ्ट कार्ड")).toBeUndefined();
  expect(sellerLang("en", null)).toBeUndefined();
  expect(sellerLang("en", "स्टिम गिफ्ट कार्ड")).toBeUndefined();
});
