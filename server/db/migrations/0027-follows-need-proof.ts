import type { Kysely, Migration } from "kysely";

/**
 * A phone never authenticates a shopper (ADR 0116).
 * - `telegram_links.phone`: a shopper's token made on their customer link's page (`/my/<key>`) ties the chat it
 *   is opened in to that customer (the normalised phone) rather than to one order.
 * - The chats that followed a phone until now did so by a press under an order page's welcome: anyone who typed
 *   that phone at checkout could. Those ties go; each chat keeps the orders it followed by their own links.
 *   `down` cannot bring them back, and leaves them gone.
 */
export const followsNeedProof: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable("telegram_links").addColumn("phone", "text").execute();
    const typed = db as unknown as Kysely<{ telegram_follows: { phone: string | null } }>;
    await typed.deleteFrom("telegram_follows").where("phone", "is not", null).execute();
  },

  async down(db: Kysely<unknown>) {
    const typed = db as unknown as Kysely<{ telegram_links: { phone: string | null } }>;
    await typed.deleteFrom("telegram_links").where("phone", "is not", null).execute();
    await db.schema.alterTable("telegram_links").dropColumn("phone").execute();
  },
};
