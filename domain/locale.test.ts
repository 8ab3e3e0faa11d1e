import { expect, it } from "vitest";
import { localeOfPath, localHref, pathInLocale, sellerLang, sellerText } from "./locale";

it("reads the language from the path", () => {
  expect(localeOfPath("/")).toBe("en");
  expect(localeOfPath("/prices/netflix")).toBe("en");
  expect(localeOfPath("/ne")).toBe("ne");
  expect(localeOfPath("/ne/")).toBe("ne");
  expect(localeOfPath("/ne/prices/netflix")).toBe("ne");
  expect(localeOfPath("/news")).toBe("en");
  expect(localeOfPath("/netflixCode")).toBe("en");
});

it("moves a page between the languages", () => {
  expect(pathInLocale("/", "ne")).toBe("/ne/");
  expect(pathInLocale("/ne/", "en")).toBe("/");
  expect(pathInLocale("/ne", "en")).toBe("/");
  expect(pathInLocale("/prices/netflix", "ne")).toBe("/ne/prices/netflix");
  expect(pathInLocale("/ne/prices/netflix", "en")).toBe("/prices/netflix");
  expect(pathInLocale("/ne/prices/netflix", "ne")).toBe("/ne/prices/netflix");
  expect(pathInLocale("/netflixCode", "ne")).toBe("/ne/netflixCode");
});

it("links within a language", () => {
  expect(localHref("en", "/cart")).toBe("/cart");
  expect(localHref("ne", "/cart")).toBe("/ne/cart");
  expect(localHref("ne", "/")).toBe("/ne/");
  expect(localHref("ne", "https://wa.me/1")).toBe("https://wa.me/1");
  expect(localHref("ne", "//example.com")).toBe("//example.com");
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
