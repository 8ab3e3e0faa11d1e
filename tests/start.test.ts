import { execFile, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { SQLite } from "../server/db/sqlite";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "../server/db/database";
import { migrateToLatest } from "../server/db/migrate";
import { createFirstAdmin, migrateAndSeed } from "../server/prepare";
import { defaultCatalogue } from "../domain/catalogue/default-catalogue";
import { TRUST_ANYONE_WARNING } from "../server/start";
import { onScratchDatabase, scratchDatabaseUrl, testDialect } from "./helpers/database";

const root = path.resolve(import.meta.dirname, "..");

/** Runs the real server entry; the checks come before the web build is loaded, so none is needed. */
function startServer(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", "server/main.ts"],
      {
        cwd: root,
        timeout: 30_000,
        env: { PATH: process.env.PATH, PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "silent", MEDIA_DIR: path.join(mediaParent, "media"), ...env },
      },
      (error, stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? null) : 0, stdout, stderr }),
    );
  });
}

/**
 * Starts the server (tests/helpers/start-server.ts: the real start, rendering no pages) until it says it
 * is running, then stops it; answers what it logged.
 */
function runServer(env: Record<string, string>): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", "tests/helpers/start-server.ts"], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        PORT: "0",
        MEDIA_DIR: path.join(mediaParent, "media"),
        DATABASE_URL: path.join(dir, "pasal.db"),
        ADMIN_PASSWORD: "a start test password",
        // Stopped as soon as it runs: no proxy to drain for.
        SHUTDOWN_DRAIN_MS: "0",
        ...env,
      },
    });
    let stdout = "";
    let stderr = "";
    const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk;
      if (stdout.includes("Pasal is running")) child.kill("SIGTERM");
    });
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
    child.on("error", reject);
    child.on("exit", () => {
      clearTimeout(timer);
      if (!stdout.includes("Pasal is running")) reject(new Error(`the server did not start:\n${stdout}\n${stderr}`));
      else resolve({ stdout, stderr });
    });
  });
}

const warnings = (stdout: string) =>
  stdout
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as { level: number; msg: string })
    .filter((entry) => entry.level === 40)
    .map((entry) => entry.msg);

function expectRefusal(result: { code: number | null; stdout: string; stderr: string }, says: RegExp) {
  expect(result.code, result.stderr).toBe(1);
  expect(result.stdout).toBe("");
  const lines = result.stderr.trimEnd().split("\n");
  expect(lines, result.stderr).toHaveLength(1);
  expect(lines[0]).toMatch(/^Pasal could not start\. /);
  expect(lines[0]).toMatch(says);
}

let dir: string;
let mediaParent: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "pasal-start-"));
  mediaParent = fs.mkdtempSync(path.join(os.tmpdir(), "pasal-start-media-"));
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
  fs.rmSync(mediaParent, { recursive: true, force: true });
});

/** A migrated Pasal database file, closed (so its write-ahead log is folded in). */
async function pasalFile(file: string) {
  const database = openDatabase({ kind: "sqlite", path: file });
  await migrateToLatest(database.db);
  await database.close();
}

const filesIn = (folder: string) => fs.readdirSync(folder).sort();

/** `npm run migrate`, on the given database. */
function runMigrate(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", "scripts/migrate.ts"],
      { cwd: root, timeout: 30_000, env: { PATH: process.env.PATH, LOG_LEVEL: "silent", MEDIA_DIR: path.join(mediaParent, "media"), ...env } },
      (error, stdout, stderr) => resolve({ code: error ? ((error as { code?: number }).code ?? null) : 0, stdout, stderr }),
    );
  });
}

describe.runIf(testDialect === "sqlite")("npm run migrate", () => {
  it("migrates, seeds and creates the first admin, says so, and exits; run again it finds everything done", async () => {
    const file = path.join(dir, "pasal.db");
    const first = await runMigrate({ DATABASE_URL: file });
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toMatch(/^Applied migrations: 0001-initial, .+\.$/m);
    expect(first.stdout).toContain("Wrote the default catalogue, carousel and update posts.");
    const [, email, password] = /Sign in at \/admin with {2}(\S+) {2}\/ {2}(\S+)/.exec(first.stdout)!;
    expect(email).toBe("admin@pasal.local");
    expect(password!.length).toBeGreaterThanOrEqual(16);

    const again = await runMigrate({ DATABASE_URL: file });
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout).toBe(
      ["The schema was already up to date.", "The default content was written before; left as it is.", "An admin exists already.", ""].join("\n"),
    );
    // A start after it finds nothing to do either: no second admin, no password printed.
    const { stdout } = await runServer({ DATABASE_URL: file, ADMIN_PASSWORD: "" });
    expect(stdout).not.toContain("First start");
  });

  it("changes nothing in another program's database", async () => {
    const file = path.join(dir, "other.db");
    const other = new SQLite(file);
    other.exec("create table contacts (id integer primary key, name text);");
    other.close();
    const result = await runMigrate({ DATABASE_URL: file });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^Nothing was done\. .*another program's tables \(contacts\)/);
  });
});

describe.runIf(testDialect === "sqlite")("starting on a SQLite file", () => {
  it("refuses a damaged database with one line and leaves the file as it was", async () => {
    const file = path.join(dir, "pasal.db");
    await pasalFile(file);
    // Garbage over the pages after the first: the header still says SQLite, the tables are unreadable.
    const bytes = fs.readFileSync(file);
    const pageSize = bytes.readUInt16BE(16);
    randomBytes(bytes.length - pageSize).copy(bytes, pageSize);
    fs.writeFileSync(file, bytes);

    const result = await startServer({ DATABASE_URL: file });
    expectRefusal(result, /pasal\.db is damaged \(SQLite says: .+\)\. Restore the latest backup with npm run restore/);
    expect(fs.readFileSync(file).equals(bytes)).toBe(true);
    expect(filesIn(dir)).toEqual(["pasal.db"]);
  });

  it("refuses a file that is not a database at all", async () => {
    const file = path.join(dir, "notes.txt");
    const text = Buffer.from("shopping list\n".repeat(500));
    fs.writeFileSync(file, text);
    expectRefusal(await startServer({ DATABASE_URL: file }), /notes\.txt is not a SQLite database/);
    expect(fs.readFileSync(file).equals(text)).toBe(true);
  });

  it("refuses another program's database and changes not a byte of it", async () => {
    const file = path.join(dir, "other.db");
    const other = new SQLite(file);
    other.exec("create table contacts (id integer primary key, name text); create table notes (id integer primary key, body text);");
    other.prepare("insert into contacts (name) values (?)").run("Sita");
    other.close();
    const before = fs.readFileSync(file);

    const result = await startServer({ DATABASE_URL: file });
    expectRefusal(result, /other\.db holds another program's tables \(contacts, notes\), and Pasal changes nothing in it\. Set DATABASE_URL/);
    expect(fs.readFileSync(file).equals(before)).toBe(true);
    expect(filesIn(dir)).toEqual(["other.db"]);
  });

  it("opens a new file, an empty one, and Pasal's own again", async () => {
    const empty = path.join(dir, "empty.db");
    fs.writeFileSync(empty, "");
    for (const file of [path.join(dir, "new.db"), empty, empty]) {
      const database = openDatabase({ kind: "sqlite", path: file });
      await migrateToLatest(database.db);
      expect(await database.ping()).toBe(true);
      await database.close();
    }
  });
});

describe.runIf(testDialect === "sqlite")("starting behind a proxy", () => {
  it("warns in one log line when TRUST_PROXY=true believes anyone, on every address", async () => {
    const { stdout, stderr } = await runServer({ HOST: "0.0.0.0", TRUST_PROXY: "true", LOG_LEVEL: "warn" });
    expect(stderr).toBe("");
    expect(warnings(stdout)).toEqual([TRUST_ANYONE_WARNING]);
  });

  it("does not warn when TRUST_PROXY names the proxy", async () => {
    const { stdout } = await runServer({ HOST: "0.0.0.0", TRUST_PROXY: "127.0.0.1", LOG_LEVEL: "warn" });
    expect(warnings(stdout)).toEqual([]);
  });
});

describe.runIf(testDialect === "sqlite")("readiness", () => {
  it("says ready only once the first admin exists: a sign-in sent at its first 200 is let in", async () => {
    const admin = { email: "first@example.com", password: "a start test password" };
    const child = spawn(process.execPath, ["--import", "tsx", "tests/helpers/start-server.ts"], {
      cwd: root,
      env: {
        PATH: process.env.PATH,
        PORT: "0",
        HOST: "127.0.0.1",
        LOG_LEVEL: "info",
        MEDIA_DIR: path.join(mediaParent, "media"),
        DATABASE_URL: path.join(dir, "pasal.db"),
        ADMIN_EMAIL: admin.email,
        ADMIN_PASSWORD: admin.password,
        SHUTDOWN_DRAIN_MS: "0",
      },
    });
    try {
      const origin = await new Promise<string>((resolve, reject) => {
        let stdout = "";
        child.stdout.on("data", (chunk: Buffer) => {
          stdout += chunk;
          const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(stdout);
          if (listening) resolve(listening[1]!);
        });
        child.on("exit", () => reject(new Error(`the server ended before it listened:\n${stdout}`)));
      });
      const answers: string[] = [];
      // As a proxy or a deploy script waits: asking from the moment the port is open.
      for (let tries = 0; tries < 5_000 && answers.at(-1) !== "ready"; tries++) {
        answers.push((await (await fetch(`${origin}/readyz`)).json()).status);
      }
      expect(answers.at(-1)).toBe("ready");
      const signIn = await fetch(`${origin}/api/auth/login`, {
        method: "POST",
        headers: { origin, "content-type": "application/json" },
        body: JSON.stringify(admin),
      });
      expect(signIn.status, await signIn.text()).toBe(200);
      expect(new Set(answers)).toEqual(new Set(answers.length > 1 ? ["starting", "ready"] : ["ready"]));
    } finally {
      child.kill("SIGTERM");
    }
  });
});

describe.runIf(testDialect === "postgres")("starting on a PostgreSQL schema", () => {
  // A database of this file's own: its schemas are the only ones the migrator reads there.
  let baseUrl: string;
  let schema: string;
  const admin = onScratchDatabase;
  beforeAll(async () => {
    baseUrl = await scratchDatabaseUrl();
  });
  const urlOf = (name: string) => {
    const url = new URL(baseUrl);
    url.searchParams.set("options", `-c search_path=${name}`);
    return url.toString();
  };
  const tablesOf = (name: string) =>
    admin(async (client) =>
      (await client.query("select table_name from information_schema.tables where table_schema = $1 order by table_name", [name])).rows.map(
        (row: { table_name: string }) => row.table_name,
      ),
    );

  beforeEach(async () => {
    schema = `t_${randomBytes(6).toString("hex")}`;
    await admin((client) => client.query(`create schema ${schema}`));
  });
  afterEach(() => admin((client) => client.query(`drop schema ${schema} cascade`)));

  it("refuses a schema holding another program's tables, and creates nothing in it", async () => {
    await admin((client) =>
      client.query(`create table ${schema}.invoices (id serial primary key, total int); insert into ${schema}.invoices (total) values (42)`),
    );
    const result = await startServer({ DATABASE_URL: urlOf(schema) });
    expectRefusal(
      result,
      new RegExp(`The PostgreSQL schema ${schema} holds another program's tables \\(invoices\\), and Pasal changes nothing in it`),
    );
    expect(await tablesOf(schema)).toEqual(["invoices"]);
  });

  it("migrates an empty schema", async () => {
    const database = openDatabase({ kind: "postgres", url: urlOf(schema) });
    try {
      await migrateToLatest(database.db);
      expect(await database.ping()).toBe(true);
    } finally {
      await database.close();
    }
    expect(await tablesOf(schema)).toEqual(expect.arrayContaining(["catalogue_items", "kysely_migration", "orders", "sessions"]));
  });

  it("migrates, seeds and creates the first admin once when six instances prepare an empty schema at the same moment", async () => {
    const databases = Array.from({ length: 6 }, () => openDatabase({ kind: "postgres", url: urlOf(schema) }));
    try {
      const prepared = await Promise.all(databases.map((database) => migrateAndSeed(database.db, () => new Date())));
      expect(prepared.filter((result) => result.seeded)).toHaveLength(1);
      expect(prepared.filter((result) => result.migrated.length > 0)).toHaveLength(1);
      const admins = await Promise.all(
        databases.map((database) => createFirstAdmin(database.db, () => new Date(), { email: undefined, password: undefined })),
      );
      expect(admins.filter(Boolean)).toHaveLength(1);
      const counts = await admin(
        async (client) =>
          (
            await client.query(
              `select (select count(*) from ${schema}.catalogue_items) as items, (select count(*) from ${schema}.admin_users) as admins`,
            )
          ).rows[0],
      );
      expect(counts).toEqual({ items: String(defaultCatalogue.length), admins: "1" });
    } finally {
      await Promise.all(databases.map((database) => database.close()));
    }
  });
});
