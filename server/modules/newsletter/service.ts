import type { NewsletterSubscriber } from "../../../domain/newsletter/newsletter";
import type { Clock } from "../../db/clock";
import type { Db } from "../../db/database";
import { createNewsletterRepository } from "./repository";

export function createNewsletterService(db: Db, clock: Clock) {
  const repository = createNewsletterRepository();

  return {
    /**
     * Subscribes a normalised address. Subscribing again is not an error: the answer is the same,
     * so the form cannot be used to find out who is on the list.
     */
    async subscribe(email: string): Promise<{ added: boolean }> {
      const added = await db.transaction().execute((trx) => repository.insert(trx, email, clock().toISOString()));
      return { added };
    },

    list: (): Promise<NewsletterSubscriber[]> => repository.list(db),
  };
}
