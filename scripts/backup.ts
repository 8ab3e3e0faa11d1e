// npm run backup [-- FILE]: a consistent copy of the shop's database while it keeps serving.
import path from "node:path";
import { ConfigError, loadConfig } from "../server/config";
import { BackupError, backupSqlite, inspectSqlite } from "../server/db/backup";

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

try {
  const config = loadConfig();
  if (config.database.kind === "postgres") {
    const url = new URL(config.database.url);
    url.password = url.password ? "****" : "";
    console.log(
      [
        "This shop runs on PostgreSQL: back it up with pg_dump, which takes a consistent snapshot while the shop serves:",
        `  pg_dump --format=custom --file=pasal-$(date +%Y%m%d-%H%M%S).dump "${url.toString()}"`,
        "and restore into a stopped shop with:",
        `  pg_restore --clean --if-exists --dbname="${url.toString()}" FILE`,
        "Uploaded images are in the database (table media): MEDIA_DIR is only a cache of them.",
      ].join("\n"),
    );
    process.exit(0);
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const destination = process.argv[2] ?? path.join(path.dirname(config.database.path), "backups", `pasal-${stamp}.db`);
  const { pages } = await backupSqlite(config.database.path, destination);
  const { integrity, counts } = inspectSqlite(destination);
  console.log(`Backed up ${config.database.path} to ${destination} (${pages} pages, integrity ${integrity}).`);
  console.log(
    `Rows: ${Object.entries(counts)
      .map(([table, n]) => `${table} ${n}`)
      .join(", ")}`,
  );
  console.log(`Uploaded images are in the backup (table media); ${config.mediaDir} is only a cache of them.`);
} catch (error) {
  if (error instanceof BackupError || error instanceof ConfigError) fail(error.message);
  fail(`Backup failed: ${(error as Error).message}`);
}
