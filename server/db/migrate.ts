import { Migrator, PostgresAdapter, sql, type Kysely, type Migration, type MigrationProvider } from "kysely";
import { DatabaseOpenError, postgresSchemaProblem } from "./check";
import { initial } from "./migrations/0001-initial";
import { newsletter } from "./migrations/0002-newsletter";
import { orders } from "./migrations/0003-orders";
import { versions } from "./migrations/0004-versions";
import { sharedLimits } from "./migrations/0005-shared-limits";
import { media } from "./migrations/0006-media";
import { orderPages } from "./migrations/0007-order-pages";
import { ledger } from "./migrations/0008-ledger";
import { customers } from "./migrations/0009-customers";
import { waitingReadNotStored } from "./migrations/0011-waiting-read-not-stored";
import { orderLanguage } from "./migrations/0012-order-language";
import { nepaliContent } from "./migrations/0013-nepali-content";
import { paymentNoteNepali } from "./migrations/0015-payment-note-nepali";
import { billingAndLifetimeKeys } from "./migrations/0016-billing-and-lifetime-keys";
import { onlinePayments } from "./migrations/0017-online-payments";
import { automaticDelivery } from "./migrations/0018-automatic-delivery";
import { auditOutlivesWhatItAudits } from "./migrations/0019-audit-outlives-what-it-audits";
import { orderCeilings } from "./migrations/0020-order-ceilings";
import { customerLinks } from "./migrations/0021-customer-links";
import { telegramBot } from "./migrations/0022-telegram-bot";
import { shopperUpdates } from "./migrations/0023-shopper-updates";
import { growthTools } from "./migrations/0024-growth-tools";
import { secretChangesAndSeatMoves } from "./migrations/0025-secret-changes-and-seat-moves";
import { shopperProblems } from "./migrations/0026-shopper-problems";
import { followsNeedProof } from "./migrations/0027-follows-need-proof";
import { oneFormPerMobile } from "./migrations/0028-one-form-per-mobile";
import { firstAdminNamed } from "./migrations/0029-first-admin-named";
import { jobRuns } from "./migrations/0030-job-runs";
import { accountMailboxes } from "./migrations/0031-account-mailboxes";
import { storeCredit } from "./migrations/0032-store-credit";
import { warranty } from "./migrations/0033-warranty";
import { bills } from "./migrations/0034-bills";
import type { Tables } from "./schema";

// Listed here rather than read from a folder, so the bundled server carries them.
const migrations: Record<string, Migration> = {
  "0001-initial": initial,
  "0002-newsletter": newsletter,
  "0003-orders": orders,
  "0004-versions": versions,
  "0005-shared-limits": sharedLimits,
  "0006-media": media,
  "0007-order-pages": orderPages,
  "0008-ledger": ledger,
  "0009-customers": customers,
  "0011-waiting-read-not-stored": waitingReadNotStored,
  "0012-order-language": orderLanguage,
  "0013-nepali-content": nepaliContent,
  "0015-payment-note-nepali": paymentNoteNepali,
  "0016-billing-and-lifetime-keys": billingAndLifetimeKeys,
  "0017-online-payments": onlinePayments,
  "0018-automatic-delivery": automaticDelivery,
  "0019-audit-outlives-what-it-audits": auditOutlivesWhatItAudits,
  "0020-order-ceilings": orderCeilings,
  "0021-customer-links": customerLinks,
  "0022-telegram-bot": telegramBot,
  "0023-shopper-updates": shopperUpdates,
  "0024-growth-tools": growthTools,
  "0025-secret-changes-and-seat-moves": secretChangesAndSeatMoves,
  "0026-shopper-problems": shopperProblems,
  "0027-follows-need-proof": followsNeedProof,
  "0028-one-form-per-mobile": oneFormPerMobile,
  "0029-first-admin-named": firstAdminNamed,
  "0030-job-runs": jobRuns,
  "0031-account-mailboxes": accountMailboxes,
  "0032-store-credit": storeCredit,
  "0033-warranty": warranty,
  "0034-bills": bills,
};

export const migrationNames = Object.keys(migrations);

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * Brings the schema up to date and names the migrations it applied. On PostgreSQL Kysely holds an advisory
 * lock, so instances starting together migrate once; a schema holding another program's tables is refused,
 * untouched.
 */
export async function migrateToLatest(db: Kysely<Tables>): Promise<string[]> {
  const schema = await postgresSchema(db);
  // Before the migrator, which creates its own tables first. (SQLite files are checked as they are opened.)
  if (schema) {
    const problem = await postgresSchemaProblem(db, migrationNames);
    if (problem) throw new DatabaseOpenError(problem);
  }
  const { error, results } = await new Migrator({ db, provider, migrationTableSchema: schema }).migrateToLatest();
  // The original error keeps its code (ECONNREFUSED, 3D000, …) for the caller to explain.
  if (error) throw error;
  const failed = results?.find((r) => r.status === "Error");
  if (failed) throw new Error(`Database migration ${failed.migrationName} failed`);
  return (results ?? []).filter((result) => result.status === "Success").map((result) => result.migrationName);
}

/**
 * On PostgreSQL, the schema the migration tables belong in. Without it Kysely takes a `kysely_migration`
 * table in any schema of the database as ours, and a database shared by several schemas (as the tests
 * use it) migrates one schema while reading another's bookkeeping.
 */
async function postgresSchema(db: Kysely<Tables>): Promise<string | undefined> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return undefined;
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return rows[0]?.schema;
}
