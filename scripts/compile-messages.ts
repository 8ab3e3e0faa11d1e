// Compiles messages/*.json into app/paraglide/ (ADR 0091), before the build, the typecheck, knip and the
// unit tests. Paraglide's own Vite plugin fetches the JSON plugin from a CDN when it loads the project,
// which a machine with only the npm registry cannot reach: here the plugin comes from its npm package.
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { compileProject } from "@inlang/paraglide-js";
import messageFormatPlugin from "@inlang/plugin-message-format";
import { loadProjectFromDirectory } from "@inlang/sdk";

const outdir = path.resolve("app/paraglide");
// The install, the build, the typecheck, knip and the unit tests each ask for the messages: a second compile
// of the same sources is skipped (`--force` compiles anyway).
const stampFile = path.join(outdir, ".sources.sha256");
const stamp = sourcesHash();
if (!process.argv.includes("--force") && fs.existsSync(stampFile) && fs.readFileSync(stampFile, "utf8") === stamp) {
  console.log(`Messages in ${path.relative(process.cwd(), outdir)}/ are up to date.`);
  process.exit(0);
}
const project = await loadProjectFromDirectory({ path: "./project.inlang", fs, providePlugins: [messageFormatPlugin] });
const errors = await project.errors.get();
if (errors.length) {
  for (const error of errors) console.error(error);
  process.exit(1);
}
const output = await compileProject({
  project,
  compilerOptions: {
    // The language comes from the page's path, which the app tells Paraglide (app/lib/i18n.ts): no detection
    // strategy but the base language is compiled in.
    strategy: ["baseLocale"],
    emitTsDeclarations: true,
    emitReadme: false,
  },
});
const { baseLocale, locales } = await project.settings.get();
await project.close();
// Paraglide's runtime finds the language by strategies (cookie, URL patterns, headers) that we do not use: the
// app tells it the language (ADR 0091). Its `getLocale` starts as a closure over all of them, so the bundler
// cannot drop them and every page paid 1 KB gzip for nothing. The messages import only what is below.
output["runtime.js"] = `/* eslint-disable */
// Written by scripts/compile-messages.ts in place of Paraglide's runtime (ADR 0091): the app sets the language.
export const baseLocale = ${JSON.stringify(baseLocale)};
export const locales = /** @type {const} */ (${JSON.stringify(locales)});
export const experimentalStaticLocale = undefined;
let localeOfThisRender = () => baseLocale;
/** @returns {(typeof locales)[number]} */
export const getLocale = () => localeOfThisRender();
/** @param {() => (typeof locales)[number]} fn */
export const overwriteGetLocale = (fn) => {
  localeOfThisRender = fn;
};
`;
for (const [file, content] of Object.entries(output)) {
  if (file.startsWith("messages/") && file.endsWith(".js") && !file.endsWith("_index.js")) output[file] = oneExpression(content);
}
fs.rmSync(outdir, { recursive: true, force: true });
for (const [file, content] of Object.entries(output)) {
  fs.mkdirSync(path.dirname(path.join(outdir, file)), { recursive: true });
  fs.writeFileSync(path.join(outdir, file), content);
}
fs.writeFileSync(stampFile, stamp);
console.log(`Messages compiled into ${path.relative(process.cwd(), outdir)}/ (${Object.keys(output).length} files).`);

/** What the compiled messages are made of: the catalogues, the project's settings and this script. */
function sourcesHash(): string {
  const hash = createHash("sha256");
  const sources = ["project.inlang/settings.json", import.meta.filename, "package-lock.json"];
  for (const file of fs.readdirSync("messages").sort()) sources.push(path.join("messages", file));
  for (const file of sources) hash.update(path.relative(process.cwd(), file)).update(fs.readFileSync(file));
  return hash.digest("hex");
}

/**
 * Paraglide writes each message as a function per language plus one that picks between them. A page's
 * messages cost about 45 bytes of such code each, 1 KB gzip on `/` (ADR 0091); a message that is a plain
 * template in every language becomes one expression picking between the two texts. Anything else (a
 * message with variants, a form this does not know) is kept as Paraglide wrote it; app/lib/messages.test.ts checks
 * every message's text in both languages.
 */
function oneExpression(module: string): string {
  const texts = new Map<string, string>();
  for (const match of module.matchAll(
    /^const (\w+?)_\w+ = \/\*\* @type \{[^\n]*\*\/ \(i?\) => \{\n\treturn \/\*\* @type \{LocalizedString\} \*\/ \((`[^`]*`)\)\n\};$/gm,
  )) {
    texts.set(match[1]!, match[2]!.replaceAll("${i?.", "${inputs?."));
  }
  const picker = /^(export const \w+ = \/\*\* @type \{[^\n]*\*\/ )\(\(inputs(?: = \{\})?, options = \{\}\) => \{\n[\s\S]*?\n\}\);$/m.exec(module);
  if (!picker || texts.size !== locales.length || !locales.every((locale) => texts.has(locale))) return module;
  const [first, ...others] = locales;
  const choice = others.reduceRight(
    (otherwise, locale) => `locale === ${JSON.stringify(locale)} ? ${texts.get(locale)} : ${otherwise}`,
    texts.get(first!)!,
  );
  const header = module.slice(0, module.indexOf("\nconst "));
  return `${header}\n${picker[1]}((inputs, options) => {\n\tconst locale = experimentalStaticLocale ?? options?.locale ?? getLocale()\n\treturn ${choice}\n});\n`;
}
