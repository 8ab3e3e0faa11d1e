import type { Kysely, Migration } from "kysely";

/** A payment method's note in Nepali beside the English: null where none was given (ADR 0093). */
export const paymentNoteNepali: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("payment_methods").addColumn("note_ne", "text").execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.alterTable("payment_methods").dropColumn("note_ne").execute();
  },
};
