import type { Kysely, Migration } from "kysely";

/**
 * The seller's own words in Nepali beside the English: each optional, null where none was given,
 * and the storefront's Nepali pages show the English there (ADR 0093).
 */
const NEPALI_COLUMNS = [
  ["catalogue_items", ["name_ne", "info_ne", "note_ne"]],
  ["carousel_slides", ["title_ne", "description_ne", "cta_text_ne"]],
  ["update_posts", ["title_ne", "description_ne"]],
] as const;

export const nepaliContent: Migration = {
  async up(db: Kysely<unknown>) {
    for (const [table, columns] of NEPALI_COLUMNS) {
      for (const column of columns) await db.schema.alterTable(table).addColumn(column, "text").execute();
    }
  },

  async down(db: Kysely<unknown>) {
    for (const [table, columns] of NEPALI_COLUMNS) {
      for (const column of columns) await db.schema.alterTable(table).dropColumn(column).execute();
    }
  },
};
