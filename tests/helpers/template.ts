import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { systemClock } from "../../server/db/clock";
import { openDatabase, type Database } from "../../server/db/database";
import { migrateToLatest } from "../../server/db/migrate";
import { createAuthService, UNCOUNTED_PASSWORD_CHANGES } from "../../server/modules/auth/service";

declare module "vitest" {
  export interface ProvidedContext {
    /** What createTestDatabase copies for each test: a SQLite file, or the name of a PostgreSQL database. */
    templateDatabase: string;
  }
}

/** The admin every test app starts with: kept in the template, so no test pays for its hash. */
export const TEST_ADMIN = { email: "owner@pasal.test", name: "Shop Owner", password: "correct horse battery" };

/** TEST_DATABASE_URL with another database of its server. */
export function postgresUrl(database: string): string {
  const url = new URL(serverUrl());
  url.pathname = `/${database}`;
  return url.toString();
}

/** A connection to TEST_DATABASE_URL, for creating and dropping databases beside it. */
export function postgresAdmin(): pg.Pool {
  // A test file's copies are dropped all at once at its end.
  const pool = new pg.Pool({ connectionString: serverUrl(), max: 8 });
  // A connection dropped while idle must not end the run.
  pool.on("error", () => {});
  return pool;
}

function serverUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error("TEST_DB=postgres needs TEST_DATABASE_URL");
  return url;
}

/**
 * Vitest's globalSetup of the API suites: migrates one database per run, with TEST_ADMIN in it (argon2 takes
 * about 100 ms a hash), for every test to start from a copy of it rather than from twelve migrations.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (project.config.env.TEST_DB === "postgres") return postgresTemplate(project);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "pasal-template-"));
  const file = path.join(dir, "template.db");
  // Closed before anyone copies it: SQLite folds the write-ahead log into the file on the last close.
  await prepare(openDatabase({ kind: "sqlite", path: file }));
  project.provide("templateDatabase", file);
  return () => fs.rm(dir, { recursive: true, force: true });
}

async function postgresTemplate(project: TestProject): Promise<() => Promise<void>> {
  const name = `pasal_test_${randomBytes(5).toString("hex")}`;
  const admin = postgresAdmin();
  await admin.query(`create database ${name}`);
  try {
    // Closed before anyone copies it: PostgreSQL copies no database someone is connected to.
    await prepare(openDatabase({ kind: "postgres", url: postgresUrl(name), poolMax: 1 }));
  } catch (error) {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    throw error;
  }
  project.provide("templateDatabase", name);
  return async () => {
    try {
      // The copies of a run that ended halfway (a worker killed before its afterAll).
      const { rows } = await admin.query<{ datname: string }>("select datname from pg_database where datname like $1", [`t\\_${name}\\_%`]);
      for (const { datname } of rows) await admin.query(`drop database if exists ${datname} with (force)`);
      await admin.query(`drop database if exists ${name} with (force)`);
    } finally {
      await admin.end();
    }
  };
}

async function prepare(database: Database) {
  try {
    await migrateToLatest(database.db);
    await createAuthService(database.db, systemClock, { passwordChangeFailures: UNCOUNTED_PASSWORD_CHANGES }).createAdmin(TEST_ADMIN);
  } finally {
    await database.close();
  }
}
