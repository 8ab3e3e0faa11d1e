import { Migrator, type Kysely, type Migration, type MigrationProvider } from "kysely";
import { initial } from "./migrations/0001-initial";
import { newsletter } from "./migrations/0002-newsletter";
import { orders } from "./migrations/0003-orders";
import type { Tables } from "./schema";

// Listed here rather than read from a folder, so the bundled server carries them.
const migrations: Record<string, Migration> = {
  "0001-initial": initial,
  "0002-newsletter": newsletter,
  "0003-orders": orders,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema up to date. On PostgreSQL Kysely holds an advisory lock, so instances starting together migrate once. */
export async function migrateToLatest(db: Kysely<Tables>): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  // The original error keeps its code (ECONNREFUSED, 3D000, …) for the caller to explain.
  if (error) throw error;
  const failed = results?.find((r) => r.status === "Error");
  if (failed) throw new Error(`Database migration ${failed.migrationName} failed`);
}
