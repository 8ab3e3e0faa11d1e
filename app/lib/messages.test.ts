import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { m } from "../paraglide/messages";

// The catalogues Paraglide compiles (ADR 0091): every message in both languages, with the same placeholders.
const catalogue = (locale: string): Record<string, string> => {
  const { $schema: _schema, ...messages } = JSON.parse(readFileSync(new URL(`../../messages/${locale}.json`, import.meta.url), "utf8"));
  return messages;
};
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

const english = catalogue("en");
const nepali = catalogue("ne");

describe("message catalogues", () => {
  it("have the same keys in English and Nepali", () => {
    expect(Object.keys(nepali).sort()).toEqual(Object.keys(english).sort());
  });

  it.each(Object.keys(english))("%s has the same placeholders in both languages", (key) => {
    expect(placeholders(nepali[key] ?? "")).toEqual(placeholders(english[key]!));
  });

  it("leave no message empty", () => {
    for (const messages of [english, nepali]) for (const [key, text] of Object.entries(messages)) expect(text.trim(), key).not.toBe("");
  });
});

// scripts/compile-messages.ts rewrites Paraglide's message functions into one expression each: every message
// still says its catalogue text in each language, with its placeholders filled.
describe("compiled messages", () => {
  const messages = m as unknown as Record<string, (inputs: Record<string, string>, options: { locale: string }) => string>;
  it.each(Object.keys(english))("%s says its text in English and Nepali", (key) => {
    const inputs = Object.fromEntries(placeholders(english[key]!).map((name) => [name, `<${name}>`]));
    const filled = (text: string) => text.replace(/\{(\w+)\}/g, (_, name: string) => `<${name}>`);
    expect(messages[key]!(inputs, { locale: "en" })).toBe(filled(english[key]!));
    expect(messages[key]!(inputs, { locale: "ne" })).toBe(filled(nepali[key]!));
  });
});
