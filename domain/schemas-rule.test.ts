import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";

/**
 * ADR 0122: in each topic folder of domain/, one `schemas.ts` holds the topic's classic zod schemas; a check the
 * browser runs uses `zod/mini` in a file of its own named for what it reads; rules files hold no zod and read a
 * `schemas.ts` only for its types, so a storefront page that imports a rules file never loads classic zod
 * (`tests/storefront-bundle.test.ts` checks the build).
 */
const BROWSER_CHECKS = ["catalogue/search-answer.ts", "netflix-code/code-request.ts", "orders/stored-cart.ts", "updates/updates-answer.ts"];

const domainDir = import.meta.dirname;
const files = (fs.readdirSync(domainDir, { recursive: true }) as string[])
  .map((file) => file.split(path.sep).join("/"))
  .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts") && !file.endsWith(".d.ts"))
  .sort();
const source = (file: string) => fs.readFileSync(path.join(domainDir, file), "utf8");
const imports = (file: string) =>
  [...source(file).matchAll(/^(import|export)( type)?\s[^;]*?from "([^"]+)";/gms)].map((match) => ({ typeOnly: Boolean(match[2]), from: match[3]! }));

it("puts classic zod in schemas.ts files only", () => {
  expect(files.filter((file) => imports(file).some(({ from }) => from === "zod") && path.basename(file) !== "schemas.ts")).toEqual([]);
});

it("puts zod/mini in the browser's own checks only", () => {
  expect(files.filter((file) => imports(file).some(({ from }) => from === "zod/mini"))).toEqual(BROWSER_CHECKS);
});

it("lets rules files read a schemas.ts for its types only", () => {
  const reaching = files
    .filter((file) => path.basename(file) !== "schemas.ts")
    .flatMap((file) =>
      imports(file)
        .filter(({ from, typeOnly }) => /(^|\/)schemas$/.test(from) && !typeOnly)
        .map(({ from }) => `${file} → ${from}`),
    );
  expect(reaching).toEqual([]);
});

it("keeps every file in a topic folder or shared/", () => {
  expect(files.filter((file) => !file.includes("/"))).toEqual([]);
});
