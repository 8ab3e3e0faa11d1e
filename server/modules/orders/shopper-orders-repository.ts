import type { Db } from "../../db/database";
import { nextVersion } from "../versions";

/** The shopper's order page's own write: "I have paid" (ADR 0077). */
export function createShopperOrdersRepository() {
  return {
    /** Records the shopper's "I have paid", unless they already said so; false then. */
    async claimPaid(db: Db, id: string, now: string, transactionId: string | null): Promise<boolean> {
      const result = await db
        .updateTable("orders")
        .set({ paid_claimed_at: now, paid_claim_transaction: transactionId, updated_at: now, version: nextVersion })
        .where("id", "=", id)
        .where("paid_claimed_at", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },
  };
}
