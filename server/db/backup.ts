import fs from "node:fs";
import path from "node:path";
import { createOwnerOnly } from "../files";
import { SQLite } from "./sqlite";

export class BackupError extends Error {}

const REQUIRED_TABLES = ["catalogue_items", "settings", "admin_users", "kysely_migration"];

/**
 * A consistent copy of a live SQLite database, taken with `VACUUM INTO` in one read transaction: the shop
 * keeps serving (and writing) while it runs, and the copy is one moment's state. (SQLite's online backup API
 * starts again whenever another connection writes, so under steady writes it may never finish.)
 */
export async function backupSqlite(source: string, destination: string): Promise<{ pages: number }> {
  if (!fs.existsSync(source)) throw new BackupError(`No database at ${source}`);
  if (fs.existsSync(destination)) throw new BackupError(`${destination} already exists; choose another name`);
  // A copy of customers' names and phones: readable by its owner only, in a folder only they may list.
  fs.mkdirSync(path.dirname(path.resolve(destination)), { recursive: true, mode: 0o700 });
  createOwnerOnly(destination);
  const db = new SQLite(source, { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    // The file made just above is empty, which VACUUM INTO accepts, and keeps its owner-only mode.
    db.prepare("VACUUM INTO ?").run(destination);
    const copy = new SQLite(destination, { readonly: true, fileMustExist: true });
    try {
      return { pages: copy.pragma("page_count", { simple: true }) as number };
    } finally {
      copy.close();
    }
  } catch (error) {
    fs.rmSync(destination, { force: true });
    throw error;
  } finally {
    db.close();
  }
}

/** Row counts of every table, and SQLite's own verdict on the file. */
export function inspectSqlite(file: string): { integrity: string; counts: Record<string, number> } {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const integrity = (db.pragma("integrity_check", { simple: true }) as string) ?? "unknown";
    const tables = db
      .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name")
      .pluck()
      .all() as string[];
    const counts = Object.fromEntries(tables.map((table) => [table, db.prepare(`select count(*) from "${table}"`).pluck().get() as number]));
    return { integrity, counts };
  } finally {
    db.close();
  }
}

/**
 * Puts a backup in place of the database of a stopped shop. The backup is checked first; the current
 * file is kept beside it (`….before-restore-<time>`), and the swap is a rename, so a failure midway
 * leaves the old database as it was.
 */
export function restoreSqlite(backup: string, target: string, now = new Date()): { keptAs: string | null } {
  if (!fs.existsSync(backup)) throw new BackupError(`No backup at ${backup}`);
  let inspected: ReturnType<typeof inspectSqlite>;
  try {
    inspected = inspectSqlite(backup);
  } catch (error) {
    throw new BackupError(`${backup} is not a SQLite database: ${(error as Error).message}`);
  }
  if (inspected.integrity !== "ok") throw new BackupError(`${backup} fails SQLite's integrity check: ${inspected.integrity}`);
  const missing = REQUIRED_TABLES.filter((table) => !(table in inspected.counts));
  if (missing.length) throw new BackupError(`${backup} is not a Pasal backup (no ${missing.join(", ")} table)`);

  fs.mkdirSync(path.dirname(path.resolve(target)), { recursive: true });
  const staging = `${target}.restoring`;
  fs.copyFileSync(backup, staging);
  // An older backup may have been written 0644; the shop's database is its owner's alone.
  fs.chmodSync(staging, 0o600);
  let keptAs: string | null = null;
  if (fs.existsSync(target)) {
    keptAs = `${target}.before-restore-${now.toISOString().replace(/[:.]/g, "-")}`;
    fs.renameSync(target, keptAs);
  }
  // The old write-ahead log belongs to the old file; left in place SQLite would replay it onto the backup.
  for (const suffix of ["-wal", "-shm"]) fs.rmSync(`${target}${suffix}`, { force: true });
  fs.renameSync(staging, target);
  return { keptAs };
}
