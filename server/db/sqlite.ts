import { createRequire } from "node:module";
import type BetterSqlite3 from "better-sqlite3";

/**
 * better-sqlite3 13 is built on Node-API 10 (Node 22.14+, prebuilt in the package); 12 aborts the
 * process on Node 24.19+ as its environment is torn down. Node 20, which lacks Node-API 10, gets 12
 * under the alias better-sqlite3-node20 (ADR 0095). Drop the alias when no machine runs Node 20.
 */
const require = createRequire(import.meta.url);
const hasNodeApi10 = Number(process.versions.napi) >= 10;

export const SQLite: typeof BetterSqlite3 = require(hasNodeApi10 ? "better-sqlite3" : "better-sqlite3-node20");
export type SQLiteConnection = BetterSqlite3.Database;
