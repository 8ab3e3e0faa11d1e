import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { inject } from "vitest";
import { openDatabase, type Database } from "../../server/db/database";
import { migrateToLatest } from "../../server/db/migrate";
import { postgresAdmin, postgresUrl } from "./template";

export const testDialect = process.env.TEST_DB === "postgres" ? "postgres" : "sqlite";

export interface TestDatabase {
  database: Database;
  /** The SQLite file, or the PostgreSQL URL, to open it again with. */
  databaseUrl: string;
  /** Closes it and removes it: at once, or a PostgreSQL copy with the others of its test file at the file's end. */
  drop: () => Promise<void>;
}

let admin: pg.Pool | undefined;
const serverAdmin = () => (admin ??= postgresAdmin());
// Copying a PostgreSQL database is mostly the server's disk work: the next test's copy is made while this one
// runs. Each drop forces a checkpoint, which slows every test running meanwhile: a file's copies are dropped
// together at its end, where they share checkpoints.
let nextCopy: Promise<string> | undefined;
const used: string[] = [];
/** Drops the test file's PostgreSQL copies and scratch database (at the file's end: tests/helpers/cleanup.ts). */
export async function dropTestDatabases() {
  const unused = nextCopy;
  nextCopy = undefined;
  scratch = undefined;
  const dropped = await Promise.allSettled([...used.splice(0).map(dropDatabase), unused?.then(dropDatabase, () => {})]);
  await admin?.end();
  admin = undefined;
  const failed = dropped.find((result) => result.status === "rejected");
  if (failed) throw failed.reason;
}

/**
 * A database for one test: a copy of the run's template (tests/helpers/template.ts: migrated, holding
 * TEST_ADMIN), as a SQLite file or a PostgreSQL database of its own. `fromScratch` migrates an empty one
 * instead, for the tests of migrations: on PostgreSQL that is a schema of TEST_DATABASE_URL's database, as a
 * shop may share one.
 */
export async function createTestDatabase({ fromScratch = false }: { fromScratch?: boolean } = {}): Promise<TestDatabase> {
  if (testDialect === "postgres") return fromScratch ? postgresSchema() : postgresCopy();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pasal-test-"));
  const file = path.join(dir, "test.db");
  if (!fromScratch) fs.copyFileSync(template(), file);
  const database = openDatabase({ kind: "sqlite", path: file });
  if (fromScratch) await migrateToLatest(database.db);
  return {
    database,
    databaseUrl: file,
    drop: async () => {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function template(): string {
  const name = inject("templateDatabase");
  if (!name) throw new Error("no template database: run the API tests in a project whose globalSetup is tests/helpers/template.ts");
  return name;
}

async function postgresCopy(): Promise<TestDatabase> {
  // Taken and replaced before any await, so two tests creating databases at once never share one.
  const taken = nextCopy ?? copyTemplate();
  nextCopy = copyTemplate();
  // A failed copy fails the test that takes it.
  nextCopy.catch(() => {});
  const name = await taken;
  const databaseUrl = postgresUrl(name);
  const database = openDatabase({ kind: "postgres", url: databaseUrl });
  return {
    database,
    databaseUrl,
    drop: async () => {
      await database.close();
      used.push(name);
    },
  };
}

async function copyTemplate(): Promise<string> {
  const from = template();
  // Named after the template, so its teardown finds any copy a killed worker left behind.
  const name = `t_${from}_${randomBytes(6).toString("hex")}`;
  await serverAdmin().query(`create database ${name} template ${from}`);
  return name;
}

const dropDatabase = (name: string) => serverAdmin().query(`drop database if exists ${name} with (force)`);

async function postgresSchema(): Promise<TestDatabase> {
  const name = `t_${randomBytes(6).toString("hex")}`;
  const base = await scratchDatabaseUrl();
  await onScratchDatabase((client) => client.query(`create schema ${name}`));
  const url = new URL(base);
  url.searchParams.set("options", `-c search_path=${name}`);
  const databaseUrl = url.toString();
  const database = openDatabase({ kind: "postgres", url: databaseUrl });
  await migrateToLatest(database.db);
  return {
    database,
    databaseUrl,
    drop: async () => {
      await database.close();
      await onScratchDatabase((client) => client.query(`drop schema ${name} cascade`));
    },
  };
}

let scratch: Promise<string> | undefined;
/**
 * An empty PostgreSQL database of this test file's own, for tests of schemas in a shared database. Kysely's
 * migrator reads the tables of every schema in its database: two files making and dropping schemas in one
 * database at once would race, so each file has its own (dropped with its copies at the file's end).
 */
export async function scratchDatabaseUrl(): Promise<string> {
  scratch ??= (async () => {
    const name = `t_${template()}_${randomBytes(6).toString("hex")}`;
    await serverAdmin().query(`create database ${name}`);
    used.push(name);
    return name;
  })();
  return postgresUrl(await scratch);
}

/** Runs SQL on this file's scratch database as its owner (creating and dropping schemas). */
export async function onScratchDatabase<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: await scratchDatabaseUrl() });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
