import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { CACHE_BOUND_MS } from "../server/db/change-signals";
import type { Db } from "../server/db/database";
import { createTestApp, type TestApp } from "./helpers/app";
import { testDialect } from "./helpers/database";

/** Renames the first item behind the app's back, as a write whose notice never arrived would look; its old name. */
async function renameBehindItsBack(db: Db, name: string): Promise<string> {
  const first = await db.selectFrom("catalogue_items").select(["id", "name"]).orderBy("id").executeTakeFirstOrThrow();
  await db.updateTable("catalogue_items").set({ name, name_key: name.toLowerCase() }).where("id", "=", first.id).execute();
  return first.name;
}

const names = async ({ app }: TestApp) =>
  ((await app.inject("/api/prices")).json() as { allPrices: Array<{ Name: string }> }).allPrices.map((p) => p.Name);

async function listeningBackend(db: Db): Promise<number | undefined> {
  const { rows } = await sql<{ pid: number }>`
    select pid from pg_stat_activity
    where datname = current_database() and application_name = 'pasal change notices'
      and query = 'listen "pasal_changes:' || current_schema() || '"'`.execute(db);
  return rows[0]?.pid;
}

async function until<T>(what: string, read: () => Promise<T>, ok: (value: T) => boolean, withinMs: number): Promise<T> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what} not within ${withinMs} ms (last: ${JSON.stringify(value)})`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.skipIf(testDialect !== "postgres")("change notices on PostgreSQL", () => {
  it("a change another instance announces on the channel drops this one's caches", async () => {
    const test = await createTestApp({ seed: true });
    const db = test.database.db;
    const old = (await names(test))[0]!;
    // The rename came from no service of this instance: its cache still holds the name it read before.
    await renameBehindItsBack(db, "Renamed Elsewhere");
    expect(await names(test)).toContain(old);
    await sql`select pg_notify('pasal_changes:' || current_schema(), ${JSON.stringify({ from: "another instance", topic: "catalogue" })})`.execute(
      db,
    );
    await until(
      "the rename",
      () => names(test),
      (list) => list.includes("Renamed Elsewhere"),
      1000,
    );
  });

  it("when the listening connection drops, the instance drops its caches and listens again", async () => {
    const test = await createTestApp({ seed: true });
    const db = test.database.db;
    const first = await until(
      "listening",
      () => listeningBackend(db),
      (pid) => pid !== undefined,
      2000,
    );
    const old = (await names(test))[0]!;
    // A write this instance never hears of: its cache keeps the old name (until the bound, some seconds away).
    const started = Date.now();
    await renameBehindItsBack(db, "Renamed While Deaf");
    expect(await names(test)).toContain(old);
    expect(Date.now() - started).toBeLessThan(CACHE_BOUND_MS);

    await sql`select pg_terminate_backend(${first!})`.execute(db);
    await until(
      "the rename",
      () => names(test),
      (list) => list.includes("Renamed While Deaf"),
      1000,
    );
    expect(Date.now() - started).toBeLessThan(CACHE_BOUND_MS);
    const second = await until(
      "listening again",
      () => listeningBackend(db),
      (pid) => pid !== undefined && pid !== first,
      3000,
    );
    expect(second).not.toBe(first);

    // And it hears notices again on the new connection (its caches were dropped again when it listened).
    expect(await names(test)).toContain("Renamed While Deaf");
    await renameBehindItsBack(db, "Renamed Once Listening");
    expect(await names(test)).not.toContain("Renamed Once Listening");
    await sql`select pg_notify('pasal_changes:' || current_schema(), ${JSON.stringify({ from: "another instance", topic: "catalogue" })})`.execute(
      db,
    );
    await until(
      "the second rename",
      () => names(test),
      (list) => list.includes("Renamed Once Listening"),
      1000,
    );
  });

  it("a notice it cannot read (a newer version's) drops every cache", async () => {
    const test = await createTestApp({ seed: true });
    const db = test.database.db;
    const old = (await names(test))[0]!;
    await renameBehindItsBack(db, "Renamed By A Newer Version");
    expect(await names(test)).toContain(old);
    await sql`select pg_notify('pasal_changes:' || current_schema(), ${JSON.stringify({ from: "newer", topic: "price-lists" })})`.execute(db);
    await until(
      "the rename",
      () => names(test),
      (list) => list.includes("Renamed By A Newer Version"),
      1000,
    );
  });

  it("keeps a cached value no longer than the bound when no notice comes", async () => {
    const test = await createTestApp({ seed: true });
    const db = test.database.db;
    const old = (await names(test))[0]!;
    const started = Date.now();
    await renameBehindItsBack(db, "Renamed Unannounced");
    expect(await names(test)).toContain(old);
    await until(
      "the rename",
      () => names(test),
      (list) => list.includes("Renamed Unannounced"),
      CACHE_BOUND_MS + 1000,
    );
    expect(Date.now() - started).toBeGreaterThan(CACHE_BOUND_MS / 2);
  });
});
