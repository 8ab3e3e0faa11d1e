import type { Kysely, Migration } from "kysely";

/**
 * A provider account's mailbox (issue 45, ADR 0126): where the provider's mails to the account's login arrive,
 * read over IMAP for a holder's code and the account's health. The app password is sealed like the account's
 * own (ADR 0080); the mails themselves, their codes included, are never stored.
 */
export const accountMailboxes: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable("account_mailboxes")
      .addColumn("account_id", "text", (c) => c.primaryKey().references("provider_accounts.id").onDelete("cascade"))
      .addColumn("host", "text", (c) => c.notNull())
      .addColumn("port", "integer", (c) => c.notNull())
      // "tls", "starttls", or "none" (a server on the shop's own machine only).
      .addColumn("security", "text", (c) => c.notNull())
      .addColumn("user_name", "text", (c) => c.notNull())
      .addColumn("password_secret", "text", (c) => c.notNull())
      .addColumn("folder", "text", (c) => c.notNull())
      // The mailbox provider's authserv-id: whose Authentication-Results prove a sender.
      .addColumn("authserv_id", "text", (c) => c.notNull())
      // The last check's failure (a MailboxFailure) and since when it has failed; null when it read.
      .addColumn("failure", "text")
      .addColumn("failing_since", "text")
      .addColumn("checked_at", "text")
      // Up to when the watcher has read the mailbox, and the last mail that needs the seller (a MailAlert kind).
      .addColumn("watched_to", "text")
      .addColumn("alert_kind", "text")
      .addColumn("alert_at", "text")
      .addColumn("created_at", "text", (c) => c.notNull())
      .addColumn("updated_at", "text", (c) => c.notNull())
      .execute();
    // A holder's "Get my code", counted per line an hour; what was found is never written here, only when.
    await db.schema
      .createTable("mailbox_asks")
      .addColumn("id", "text", (c) => c.primaryKey())
      .addColumn("account_id", "text", (c) => c.notNull().references("provider_accounts.id").onDelete("cascade"))
      .addColumn("line_id", "text", (c) => c.notNull())
      .addColumn("kind", "text", (c) => c.notNull())
      .addColumn("asked_at", "text", (c) => c.notNull())
      .addColumn("found_at", "text")
      .execute();
    await db.schema.createIndex("mailbox_asks_line_idx").on("mailbox_asks").columns(["line_id", "asked_at"]).execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable("mailbox_asks").execute();
    await db.schema.dropTable("account_mailboxes").execute();
  },
};
