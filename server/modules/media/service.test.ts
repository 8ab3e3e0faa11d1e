import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { SQLite } from "../../db/sqlite";
import { Kysely, SqliteDialect } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { systemClock } from "../../db/clock";
import { migrateToLatest } from "../../db/migrate";
import type { Tables } from "../../db/schema";
import { createMediaService } from "./service";

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

/** A migrated in-memory database that records the media queries it runs, and an empty media folder. */
async function setUp() {
  const mediaQueries: string[] = [];
  const db = new Kysely<Tables>({
    dialect: new SqliteDialect({ database: new SQLite(":memory:") }),
    log: (event) => {
      if (/\bmedia\b/.test(event.query.sql) && !/create table/i.test(event.query.sql)) mediaQueries.push(event.query.sql);
    },
  });
  await migrateToLatest(db);
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), "pasal-media-"));
  cleanups.push(async () => {
    await db.destroy();
    await fs.rm(folder, { recursive: true, force: true });
  });
  return { db, folder, mediaQueries };
}

const NAME = "0123456789abcdef0123456789abcdef-480.webp";
const bytes = Buffer.from("RIFF....WEBPVP8 not really a picture");

describe("the media service", () => {
  it("fills a copy missing from this folder from the database, with the upload's time", async () => {
    const { db, folder } = await setUp();
    const uploadedAt = new Date("2026-11-20T10:00:00.000Z");
    await createMediaService(db, path.join(folder, "a"), () => uploadedAt).save([{ name: NAME, contentType: "image/webp", bytes }]);

    const other = path.join(folder, "b");
    expect(await createMediaService(db, other, systemClock).locate(NAME)).toEqual({ from: "folder" });
    expect(await fs.readFile(path.join(other, NAME))).toEqual(bytes);
    expect((await fs.stat(path.join(other, NAME))).mtime).toEqual(uploadedAt);
    // Nothing hidden is left behind.
    expect(await fs.readdir(other)).toEqual([NAME]);
  });

  it("asks the database once for a name no upload has, however often and however many at once", async () => {
    const { db, folder, mediaQueries } = await setUp();
    const media = createMediaService(db, folder, systemClock);
    const answers = await Promise.all(Array.from({ length: 20 }, () => media.locate(NAME)));
    expect(answers.every((answer) => answer === null)).toBe(true);
    expect(await media.locate(NAME)).toBeNull();
    expect(mediaQueries).toHaveLength(1);
  });

  it.each(["picture.webp", "0123456789ABCDEF0123456789ABCDEF-480.webp"])("leaves %s to the folder without asking the database", async (name) => {
    const { db, folder, mediaQueries } = await setUp();
    expect(await createMediaService(db, folder, systemClock).locate(name)).toEqual({ from: "folder" });
    expect(mediaQueries).toEqual([]);
  });

  it.each(["", "../../etc/passwd", "sub/picture.webp", "..\\picture.webp", `.${NAME}.1a2b3c.partial`])(
    "finds nothing for %j without asking the database",
    async (name) => {
      const { db, folder, mediaQueries } = await setUp();
      expect(await createMediaService(db, folder, systemClock).locate(name)).toBeNull();
      expect(mediaQueries).toEqual([]);
    },
  );

  it("serves from memory when the folder cannot take the copy", async () => {
    const { db, folder } = await setUp();
    await createMediaService(db, path.join(folder, "a"), systemClock).save([{ name: NAME, contentType: "image/webp", bytes }]);
    // A file where the folder should be: nothing can be written into it.
    const blocked = path.join(folder, "not-a-folder");
    await fs.writeFile(blocked, "");
    const located = await createMediaService(db, blocked, systemClock).locate(NAME);
    expect(located).toMatchObject({ from: "memory", contentType: "image/webp", bytes });
  });

  it("removes the half-written copies a killed write left, not one being written now", async () => {
    const { db, folder } = await setUp();
    const leftover = path.join(folder, `.${NAME}.0123456789ab.partial`);
    await fs.writeFile(leftover, bytes);
    await fs.writeFile(path.join(folder, NAME), bytes);
    await fs.writeFile(path.join(folder, ".notes.partial"), "not ours");
    expect(await createMediaService(db, folder, systemClock).removeLeftovers()).toBe(0);
    const later = () => new Date(Date.now() + 11 * 60_000);
    expect(await createMediaService(db, folder, later).removeLeftovers()).toBe(1);
    expect((await fs.readdir(folder)).sort()).toEqual([".notes.partial", NAME]);
  });

  it("imports copies in the folder that the database lacks, once", async () => {
    const { db, folder } = await setUp();
    await fs.writeFile(path.join(folder, NAME), bytes);
    await fs.writeFile(path.join(folder, "notes.txt"), "not an upload");
    const media = createMediaService(db, folder, systemClock);
    expect(await media.importFolder()).toBe(1);
    expect(await media.importFolder()).toBe(0);
    const rows = await db.selectFrom("media").selectAll().execute();
    expect(rows).toEqual([
      { name: NAME, content_type: "image/webp", bytes, created_at: (await fs.stat(path.join(folder, NAME))).mtime.toISOString() },
    ]);
  });
});
