import fs from "node:fs";
import { SQLite, type SQLiteConnection } from "./sqlite";
import { sql, type Kysely } from "kysely";
import type { Tables } from "./schema";

/** The database is not one the server may use; the message says what to do, in one line. */
export class DatabaseOpenError extends Error {}

/** Kysely's bookkeeping: present in a database that only ever saw the first moments of a migration. */
const BOOKKEEPING = new Set(["kysely_migration", "kysely_migration_lock"]);
/** Every Pasal database has this one, from its first start on. */
const FIRST_MIGRATION = "0001-initial";

/**
 * Why a database with these tables and applied migrations is not one Pasal may use, or null when it is
 * Pasal's own (or holds nothing yet). `known` are the migrations this version has.
 */
export function refusalOf(where: string, tables: string[], applied: string[], known: string[]): string | null {
  const others = tables.filter((table) => !BOOKKEEPING.has(table));
  if (others.length === 0) return null;
  if (!applied.includes(FIRST_MIGRATION)) {
    const shown = others.slice(0, 5).join(", ") + (others.length > 5 ? `, … (${others.length} in all)` : "");
    return `${where} holds another program's tables (${shown}), and Pasal changes nothing in it. Set DATABASE_URL to Pasal's own database, or to a new file or empty database for a new shop.`;
  }
  const newer = applied.filter((name) => !known.includes(name));
  if (newer.length) {
    return `${where} was last used by a newer version of Pasal (it has migration ${newer.join(", ")}). Run that version, or restore a backup made for this one.`;
  }
  return null;
}

/**
 * What keeps an existing SQLite file from being Pasal's database, or null. Asked on a read-only connection
 * before the file is opened for writing: a damaged file or another program's must be refused with nothing
 * written to it (opening for writing alone switches the file to WAL mode). A missing or empty file is a new shop.
 */
export function sqliteFileProblem(file: string, known: string[]): string | null {
  if (file === ":memory:" || !fs.existsSync(file) || fs.statSync(file).size === 0) return null;
  const where = `The SQLite database ${file}`;
  // A read-only look at a file in WAL mode still leaves an empty log and index beside it; those are removed after.
  const companions = ["-wal", "-shm"].map((suffix) => file + suffix).filter((companion) => !fs.existsSync(companion));
  let connection: SQLiteConnection;
  try {
    connection = new SQLite(file, { readonly: true, fileMustExist: true });
  } catch (error) {
    return `Cannot open the SQLite database ${file}: ${(error as Error).message}`;
  }
  try {
    let tables: string[];
    let verdict: string;
    try {
      // quick_check reads every page but skips integrity_check's slow part, matching every index to its table.
      verdict = String((connection.pragma("quick_check(1)", { simple: true }) as unknown) ?? "no answer");
      tables = connection
        .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name")
        .pluck()
        .all() as string[];
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === "SQLITE_NOTADB") {
        return `${file} is not a SQLite database. Set DATABASE_URL to Pasal's database file, or to a new file for a new shop.`;
      }
      return damaged(where, (error as Error).message);
    }
    if (verdict !== "ok") return damaged(where, verdict);
    let applied: string[] = [];
    try {
      if (tables.includes("kysely_migration")) applied = connection.prepare("select name from kysely_migration").pluck().all() as string[];
    } catch {
      // Another program's table of that name, shaped differently: none of Pasal's migrations.
    }
    return refusalOf(where, tables, applied, known);
  } finally {
    connection.close();
    // Only while the log is empty: one holding writes belongs to a process that opened the file meanwhile.
    const log = `${file}-wal`;
    if (!fs.existsSync(log) || fs.statSync(log).size === 0) for (const companion of companions) fs.rmSync(companion, { force: true });
  }
}

const damaged = (where: string, detail: string) =>
  `${where} is damaged (SQLite says: ${detail.split("\n")[0]}). Restore the latest backup with npm run restore -- FILE (it keeps the damaged file beside it).`;

/** The same question for the PostgreSQL schema Pasal would migrate (the connection's current schema). */
export async function postgresSchemaProblem(db: Kysely<Tables>, known: string[]): Promise<string | null> {
  const { rows } = await sql<{ schema: string | null; tables: string[] | null }>`
    select current_schema() as schema,
      (select array_agg(table_name::text order by table_name) from information_schema.tables where table_schema = current_schema()) as tables
  `.execute(db);
  const { schema, tables } = rows[0] ?? { schema: null, tables: null };
  if (!schema || !tables) return null;
  let applied: string[] = [];
  try {
    if (tables.includes("kysely_migration"))
      applied = (await sql<{ name: string }>`select name from kysely_migration`.execute(db)).rows.map((row) => row.name);
  } catch {
    // As for SQLite: a differently shaped table of that name is not Pasal's bookkeeping.
  }
  return refusalOf(`The PostgreSQL schema ${schema}`, tables, applied, known);
}
