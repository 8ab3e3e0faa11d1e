import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
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

  // The Netflix app's own English words (app/components/netflix-says.tsx) stand in running text as quotes.
  it("quote Netflix's own words wherever a message names them, in both languages", () => {
    const unquoted = [english, nepali].flatMap((messages) =>
      Object.entries(messages).filter(([key, text]) => key.startsWith("help_") && /(?<!“)\{(traveling|temporarily|send|verify)\}(?!”)/.test(text)),
    );
    expect(unquoted).toEqual([]);
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

// The rewrite reads Paraglide's generated code with regular expressions, so its version is pinned and a new
// one must pass these first: a shape the rewrite no longer knows would leave messages as Paraglide wrote them
// (silently heavier pages), and a runtime name Paraglide's code came to need would be missing from ours.
describe("Paraglide's output, as scripts/compile-messages.ts rewrites it", () => {
  const paraglide = new URL("../paraglide/", import.meta.url);
  const generated = (file: string) => readFileSync(new URL(file, paraglide), "utf8");

  it("comes from the exact Paraglide version package.json pins", () => {
    const pinned = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")).devDependencies["@inlang/paraglide-js"];
    const installed = JSON.parse(readFileSync(new URL("../../node_modules/@inlang/paraglide-js/package.json", import.meta.url), "utf8")).version;
    expect(pinned).toMatch(/^\d+\.\d+\.\d+$/);
    expect(installed).toBe(pinned);
  });

  it("has every message as one expression picking between its texts", () => {
    const plain = Object.keys(english).filter(
      (key) => !/^export const \w+ = .*\n\tconst locale = .*\n\treturn [^\n]+\n\}\);\n$/m.test(generated(`messages/${key}.js`)),
    );
    expect(plain).toEqual([]);
  });

  it("imports from our runtime only what it exports", async () => {
    const exported = Object.keys(await import("../paraglide/runtime.js"));
    const imported = (source: string) =>
      [...source.matchAll(/import \{([^}]*)\} from ["'](?:\.\.?\/)+(?:paraglide\/)?runtime(?:\.js)?["']/g)].flatMap((match) =>
        match[1]!.split(",").map((name) => name.trim()),
      );
    const appFiles = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory()
          ? entry.name === "paraglide"
            ? []
            : appFiles(join(dir, entry.name))
          : /\.tsx?$/.test(entry.name)
            ? [join(dir, entry.name)]
            : [],
      );
    // The app's own imports too: its types come from Paraglide's runtime.d.ts, which names more than ours has.
    const needed = new Set([
      ...imported(generated("messages.js")),
      ...Object.keys(english).flatMap((key) => imported(generated(`messages/${key}.js`))),
      ...appFiles(fileURLToPath(new URL("..", import.meta.url))).flatMap((file) => imported(readFileSync(file, "utf8"))),
    ]);
    expect(needed.size).toBeGreaterThan(0);
    expect([...needed].filter((name) => !exported.includes(name))).toEqual([]);
  });
});
