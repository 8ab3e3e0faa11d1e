import { randomUUID } from "node:crypto";
import type { NewsletterSubscriber } from "../../../domain/newsletter/newsletter";
import type { Db } from "../../db/database";

export function createNewsletterRepository() {
  return {
    /** Adds the address unless it is already there; true when a row was added. */
    async insert(db: Db, email: string, now: string): Promise<boolean> {
      const result = await db
        .insertInto("newsletter_subscribers")
        .values({ id: randomUUID(), email, created_at: now })
        .onConflict((oc) => oc.column("email").doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    async list(db: Db): Promise<NewsletterSubscriber[]> {
      const rows = await db
        .selectFrom("newsletter_subscribers")
        .select(["email", "created_at"])
        .orderBy("created_at", "desc")
        .orderBy("email")
        .execute();
      return rows.map((row) => ({ email: row.email, createdAt: row.created_at }));
    },
  };
}
