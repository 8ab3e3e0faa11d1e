import { describe, expect, it } from "vitest";
import { refusalOf } from "./check";

const KNOWN = ["0001-initial", "0002-newsletter"];

describe("whose database it is", () => {
  it("takes a database with no tables, or only the migrator's, as a new shop", () => {
    expect(refusalOf("The database", [], [], KNOWN)).toBeNull();
    expect(refusalOf("The database", ["kysely_migration", "kysely_migration_lock"], [], KNOWN)).toBeNull();
  });

  it("takes Pasal's own, at this version or an older one", () => {
    expect(refusalOf("The database", ["catalogue_items", "kysely_migration"], ["0001-initial"], KNOWN)).toBeNull();
  });

  it("refuses another program's tables, naming the first few", () => {
    const tables = ["a", "b", "c", "d", "e", "f", "g"];
    expect(refusalOf("The database", tables, [], KNOWN)).toMatch(
      /^The database holds another program's tables \(a, b, c, d, e, … \(7 in all\)\), and Pasal changes nothing in it\./,
    );
    // Kysely's bookkeeping of some other program does not make its tables Pasal's.
    expect(refusalOf("The database", ["invoices", "kysely_migration"], ["2024-01-01-invoices"], KNOWN)).toMatch(
      /another program's tables \(invoices\)/,
    );
  });

  it("refuses a database a newer Pasal has migrated", () => {
    expect(refusalOf("The database", ["catalogue_items", "kysely_migration"], [...KNOWN, "0009-later"], KNOWN)).toBe(
      "The database was last used by a newer version of Pasal (it has migration 0009-later). Run that version, or restore a backup made for this one.",
    );
  });
});
