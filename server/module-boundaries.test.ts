import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const MODULES = path.resolve(import.meta.dirname, "modules");

/** The module a path inside server/modules belongs to (its folder), or null for a file shared by all of them. */
function moduleOf(file: string): string | null {
  const [first, ...rest] = path.relative(MODULES, file).split(path.sep);
  return rest.length > 0 && first && !first.startsWith("..") ? first : null;
}

/**
 * Each import of `text` (a file at `file`) that reaches another module's repository: `server/modules/Y/…repository`
 * (`repository.ts`, `shoppers-repository.ts`, …) from a file of `server/modules/X/`, X ≠ Y (ADR 0123). A module
 * asks the owning module's service; what several share lives in a shared place (`server/db/order-shapes.ts`).
 */
function repositoriesReached(file: string, text: string): string[] {
  const from = moduleOf(file);
  if (!from) return [];
  return ts
    .preProcessFile(text, true, true)
    .importedFiles.map((imported) => imported.fileName)
    .filter((specifier) => specifier.startsWith("."))
    .filter((specifier) => {
      const target = path.resolve(path.dirname(file), specifier);
      const owner = moduleOf(target);
      return owner !== null && owner !== from && /repository$/.test(path.basename(target).replace(/\.ts$/, ""));
    })
    .map((specifier) => `${path.relative(MODULES, file)} imports ${specifier}`);
}

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith(".ts") ? [full] : [];
  });
}

describe("server modules", () => {
  it("import no other module's repository", () => {
    const found = sourceFiles(MODULES).flatMap((file) => repositoriesReached(file, fs.readFileSync(file, "utf8")));
    expect(found).toEqual([]);
  });

  it("are checked for every way of reaching one", () => {
    const file = path.join(MODULES, "ledger", "health.ts");
    const text = [
      'import { createAuditRepository } from "../audit/repository";',
      'import type { StoredNotice } from "../outbox/repository";',
      'export { followersOf } from "../outbox/followers-repository";',
      'const lazy = () => import("../settings/repository");',
      // Its own repositories, a service of another module and shared files are allowed.
      'import { createAccountsRepository } from "./repository";',
      'import { createSeatsRepository } from "./seats-repository";',
      'import { createAuditLog } from "../audit/service";',
      'import { ORDER_CONTACT } from "../../db/order-shapes";',
      'import { nextVersion } from "../versions";',
    ].join("\n");
    expect(repositoriesReached(file, text)).toEqual([
      "ledger/health.ts imports ../audit/repository",
      "ledger/health.ts imports ../outbox/repository",
      "ledger/health.ts imports ../outbox/followers-repository",
      "ledger/health.ts imports ../settings/repository",
    ]);
  });
});
