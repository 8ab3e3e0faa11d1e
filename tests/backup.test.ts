import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { sql } from "kysely";
import { BackupError, backupSqlite, inspectSqlite, restoreSqlite } from "../server/db/backup";
import { openDatabase } from "../server/db/database";
import { createTestApp } from "./helpers/app";
import { testDialect } from "./helpers/database";

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "pasal-backup-"));

describe.skipIf(testDialect !== "sqlite")("backup and restore (SQLite)", () => {
  it("backs up a consistent copy while the shop keeps writing, and restores it intact", async () => {
    const t = await createTestApp({ seed: true });
    const dir = tempDir();
    let acknowledged = 0;
    let writing = true;
    const writer = (async () => {
      for (let i = 0; writing; i++) {
        const response = await t.app.inject({
          method: "POST",
          url: "/api/newsletter",
          payload: { email: `reader${i}@example.com` },
          remoteAddress: `10.1.${(i >> 8) & 255}.${i & 255}`,
        });
        if (response.statusCode === 200) acknowledged++;
      }
    })();
    while (acknowledged < 50) await new Promise((resolve) => setTimeout(resolve, 5));

    const acknowledgedBefore = acknowledged;
    const backup = path.join(dir, "pasal.backup.db");
    await backupSqlite(t.databaseUrl, backup);
    const acknowledgedAfter = acknowledged;
    writing = false;
    await writer;

    const copy = inspectSqlite(backup);
    expect(copy.integrity).toBe("ok");
    expect(copy.counts.newsletter_subscribers).toBeGreaterThanOrEqual(acknowledgedBefore);
    expect(copy.counts.newsletter_subscribers).toBeLessThanOrEqual(acknowledgedAfter);
    expect(copy.counts.catalogue_items).toBe(29);

    const target = path.join(dir, "restored", "pasal.db");
    fs.mkdirSync(path.dirname(target));
    fs.writeFileSync(target, "the old database");
    fs.writeFileSync(`${target}-wal`, "its stale log");
    const { keptAs } = restoreSqlite(backup, target);
    expect(fs.readFileSync(keptAs!, "utf8")).toBe("the old database");
    expect(fs.existsSync(`${target}-wal`)).toBe(false);
    const restored = inspectSqlite(target);
    expect(restored).toEqual(copy);
    console.info(
      `backup: ${acknowledgedBefore}–${acknowledgedAfter} writes acknowledged during the backup; copy holds ${copy.counts.newsletter_subscribers}; integrity ${restored.integrity}`,
    );
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("creates the database, its log and its backups readable by their owner only", async () => {
    const dir = tempDir();
    const modeOf = (file: string) => (fs.statSync(file).mode & 0o777).toString(8);
    const file = path.join(dir, "pasal.db");
    const database = openDatabase({ kind: "sqlite", path: file });
    await sql`create table customers_here (name text)`.execute(database.db);
    await sql`insert into customers_here values ('Sita')`.execute(database.db);
    expect(modeOf(file)).toBe("600");
    expect(modeOf(`${file}-wal`)).toBe("600");
    expect(modeOf(`${file}-shm`)).toBe("600");
    await database.close();

    const t = await createTestApp();
    const backup = path.join(dir, "backups", "pasal.backup.db");
    await backupSqlite(t.databaseUrl, backup);
    expect(modeOf(backup)).toBe("600");
    expect(modeOf(path.dirname(backup))).toBe("700");
    // A backup written before this (0644) is restored readable by its owner only.
    fs.chmodSync(backup, 0o644);
    const target = path.join(dir, "restored.db");
    restoreSqlite(backup, target);
    expect(modeOf(target)).toBe("600");
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("refuses to restore a file that is not a sound Pasal backup, leaving the database alone", async () => {
    const dir = tempDir();
    const target = path.join(dir, "pasal.db");
    fs.writeFileSync(target, "the database");
    const notSqlite = path.join(dir, "notes.txt");
    fs.writeFileSync(notSqlite, "hello");
    expect(() => restoreSqlite(notSqlite, target)).toThrow(BackupError);
    expect(() => restoreSqlite(path.join(dir, "missing.db"), target)).toThrow("No backup at");
    expect(fs.readFileSync(target, "utf8")).toBe("the database");
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
