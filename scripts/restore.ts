// npm run restore -- FILE: puts a backup in place of the database of a stopped shop.
import { ConfigError, loadConfig } from "../server/config";
import { BackupError, inspectSqlite, restoreSqlite } from "../server/db/backup";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/** True when something answers /healthz on the shop's port: the shop is running and must be stopped first. */
async function shopIsRunning(host: string, port: number): Promise<boolean> {
  try {
    await fetch(`http://${host === "0.0.0.0" ? "127.0.0.1" : host}:${port}/healthz`, { signal: AbortSignal.timeout(1000) });
    return true;
  } catch {
    return false;
  }
}

try {
  const file = process.argv[2];
  if (!file) fail("Usage: npm run restore -- FILE   (stop the shop first)");
  const config = loadConfig();
  if (config.database.kind === "postgres") fail("This shop runs on PostgreSQL: restore with pg_restore (npm run backup explains how).");
  if (await shopIsRunning(config.host, config.port)) fail(`The shop is running on port ${config.port}: stop it, then restore.`);
  const { keptAs } = restoreSqlite(file, config.database.path);
  const { integrity, counts } = inspectSqlite(config.database.path);
  console.log(`Restored ${file} into ${config.database.path} (integrity ${integrity}).`);
  if (keptAs) console.log(`The database it replaced is kept as ${keptAs}.`);
  console.log(
    `Rows: ${Object.entries(counts)
      .map(([table, n]) => `${table} ${n}`)
      .join(", ")}`,
  );
} catch (error) {
  if (error instanceof BackupError || error instanceof ConfigError) fail(error.message);
  fail(`Restore failed: ${(error as Error).message}`);
}
