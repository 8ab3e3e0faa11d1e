// Prepares the database and exits, for operators who migrate once before starting (or rolling out) several
// instances: `npm run migrate`. Does what a start does before it listens (migrations, the default content)
// and creates the first admin, under the same start-up lock, so it is safe beside instances that start.
import { ConfigError, loadConfig } from "../server/config";
import { systemClock } from "../server/db/clock";
import { DatabaseOpenError, openDatabase } from "../server/db/database";
import { createFirstAdmin, firstAdminLines, migrateAndSeed } from "../server/prepare";

async function main() {
  const config = loadConfig();
  const database = openDatabase(config.database);
  try {
    const { migrated, seeded } = await migrateAndSeed(database.db, systemClock);
    console.log(migrated.length ? `Applied migrations: ${migrated.join(", ")}.` : "The schema was already up to date.");
    console.log(seeded ? "Wrote the default catalogue, carousel and update posts." : "The default content was written before; left as it is.");
    const firstAdmin = await createFirstAdmin(database.db, systemClock, config.admin);
    console.log(firstAdmin ? firstAdminLines(firstAdmin) : "An admin exists already.");
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DatabaseOpenError) console.error(`Nothing was done. ${error.message}`);
  // One line, as a start says it: a database that cannot be reached is the usual case, and needs no stack trace.
  else console.error(`Migrating failed: ${(error as Error).message}. Check DATABASE_URL and that the database server is running.`);
  process.exit(1);
});
