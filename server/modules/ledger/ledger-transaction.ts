import type { ChangeSignals } from "../../db/change-signals";
import type { Db } from "../../db/database";

/**
 * How the ledger's services write: `work` in one transaction, then a "ledger" change signal, whether the work
 * committed or not, so availability on the storefront (and its cached pages) follows every change of seats (ADR 0084).
 */
export function ledgerTransaction(db: Db, changes: ChangeSignals) {
  return async function write<T>(work: (trx: Db) => Promise<T>): Promise<T> {
    try {
      return await db.transaction().execute(work);
    } finally {
      await changes.publish("ledger");
    }
  };
}
