import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import { LRUCache } from "lru-cache";
import { isUploadFileName } from "../../../domain/uploads/uploads";
import type { Clock } from "../../db/clock";
import type { Db } from "../../db/database";
import { createMediaRepository, type MediaRow } from "./repository";

export interface MediaFile {
  /** A name `isUploadFileName` accepts. */
  name: string;
  contentType: string;
  bytes: Buffer;
}

/** Where a copy is served from: this instance's folder, or memory when the folder could not take it. */
export type Located = { from: "folder" } | { from: "memory"; contentType: string; bytes: Buffer; modified: Date };

/** Names asked for and found nowhere, remembered so a page of broken images does not ask the database each time. */
const MISSING_NAMES = { max: 10_000, ttl: 10 * 60_000 };
/** A file name without a folder, not hidden (copies being written are). */
const PLAIN_NAME = /^[^./\\][^/\\]*$/;
/** Database look-ups for copies at once; the rest wait, so a flood of misses leaves the pool to the shop. */
const LOOKUPS_AT_ONCE = 4;

/**
 * Uploaded images (ADR 0023): the database holds every copy's bytes, and MEDIA_DIR is this instance's cache
 * of them, filled on the first request. Instances on one database with separate disks serve each other's uploads.
 */
export function createMediaService(db: Db, mediaDir: string, clock: Clock, log?: FastifyBaseLogger) {
  const repository = createMediaRepository(db);
  const missing = new LRUCache<string, true>(MISSING_NAMES);
  const pending = new Map<string, Promise<Located | null>>();
  const lookUp = limitConcurrency(LOOKUPS_AT_ONCE);

  async function fill(name: string): Promise<Located | null> {
    const row = await lookUp(() => repository.find(name));
    if (!row) {
      missing.set(name, true);
      return null;
    }
    try {
      await writeCopies(mediaDir, [row]);
      return { from: "folder" };
    } catch (error) {
      log?.warn({ err: error, name }, "an uploaded image could not be written to the media folder; serving it from memory");
      return { from: "memory", contentType: row.content_type, bytes: row.bytes, modified: new Date(row.created_at) };
    }
  }

  return {
    /**
     * Stores the copies of one upload in the database (all or none), then in this instance's folder. The
     * folder is a cache: when it cannot take them the upload still counts, and they are served from the database.
     */
    async save(files: MediaFile[]): Promise<void> {
      const createdAt = clock().toISOString();
      const rows = files.map(({ name, contentType, bytes }) => ({ name, content_type: contentType, bytes, created_at: createdAt }));
      await repository.insert(rows);
      for (const { name } of files) missing.delete(name);
      try {
        await writeCopies(mediaDir, rows);
      } catch (error) {
        log?.warn({ err: error }, "an upload was stored in the database but not in the media folder; it is served from the database");
      }
    },

    /**
     * Where to serve `name` from, or null when no upload has that name. Other plain names the uploads service
     * never gives are left to the folder (files put there by hand, or nothing) without asking the database;
     * a path, an empty or a hidden name is nothing.
     */
    async locate(name: string): Promise<Located | null> {
      if (!isUploadFileName(name)) return PLAIN_NAME.test(name) ? { from: "folder" } : null;
      if (await isFile(path.join(mediaDir, name))) return { from: "folder" };
      if (missing.has(name)) return null;
      let lookup = pending.get(name);
      if (!lookup) {
        lookup = fill(name).finally(() => pending.delete(name));
        pending.set(name, lookup);
      }
      return lookup;
    },

    /**
     * Removes the hidden copies a killed instance left half-written. Only those untouched for a while: in a
     * shared folder another instance may be writing one now. Answers how many went.
     */
    async removeLeftovers(): Promise<number> {
      let removed = 0;
      for (const name of (await namesIn(mediaDir)).filter((entry) => PARTIAL_FILE_NAME.test(entry))) {
        const file = path.join(mediaDir, name);
        try {
          // ctime, not mtime: a copy's mtime is set to its upload's time as soon as it is written.
          if (clock().getTime() - (await fs.stat(file)).ctimeMs < LEFTOVER_AFTER_MS) continue;
          await fs.rm(file, { force: true });
          removed++;
        } catch (error) {
          log?.warn({ err: error, name }, "a half-written upload copy could not be removed");
        }
      }
      return removed;
    },

    /**
     * Puts copies found in the folder but not in the database into it: uploads from before the database
     * held them (or from an instance that kept only its disk) become visible to every instance. Answers how many.
     */
    async importFolder(): Promise<number> {
      const entries = await namesIn(mediaDir);
      if (entries.length === 0) return 0;
      const known = await repository.names();
      let imported = 0;
      for (const name of entries.filter((entry) => isUploadFileName(entry) && !known.has(entry))) {
        const file = path.join(mediaDir, name);
        try {
          const [bytes, stat] = await Promise.all([fs.readFile(file), fs.stat(file)]);
          imported += await repository.insertMissing([{ name, content_type: "image/webp", bytes, created_at: stat.mtime.toISOString() }]);
        } catch (error) {
          log?.warn({ err: error, name }, "an uploaded image in the media folder could not be read; it is not shared with other instances");
        }
      }
      return imported;
    },
  };
}

export type MediaService = ReturnType<typeof createMediaService>;

/** The hidden name a copy is written under before it is renamed (`writeCopies`). */
const PARTIAL_FILE_NAME = /^\..+\.[0-9a-f]{12}\.partial$/;
/** A hidden copy untouched this long was left by a killed write, not one in progress. */
const LEFTOVER_AFTER_MS = 10 * 60_000;

/** The names in a folder; none when it cannot be read (not made yet, or not ours to read). */
async function namesIn(dir: string): Promise<string[]> {
  try {
    return await fs.readdir(dir);
  } catch {
    return [];
  }
}

async function isFile(file: string): Promise<boolean> {
  try {
    return (await fs.stat(file)).isFile();
  } catch {
    return false;
  }
}

/**
 * Writes copies under hidden names (never served) and renames them once every one is whole, all or none
 * (ADR 0009). Each file's time is the upload's, so every instance answers the same Last-Modified and ETag.
 * The hidden names are unique per write: two instances filling one shared folder do not meet.
 */
async function writeCopies(mediaDir: string, rows: MediaRow[]): Promise<void> {
  const tag = randomBytes(6).toString("hex");
  const files = rows.map((row) => ({ row, partial: path.join(mediaDir, `.${row.name}.${tag}.partial`), final: path.join(mediaDir, row.name) }));
  const renamed: string[] = [];
  try {
    await fs.mkdir(mediaDir, { recursive: true });
    // Every write settles before any clean-up, so none can create its file after the clean-up ran.
    const writes = await Promise.allSettled(
      files.map(async ({ row, partial }) => {
        await fs.writeFile(partial, row.bytes, { flag: "wx" });
        const time = new Date(row.created_at);
        await fs.utimes(partial, time, time);
      }),
    );
    const failed = writes.find((write) => write.status === "rejected");
    if (failed) throw failed.reason;
    for (const { partial, final } of files) {
      await fs.rename(partial, final);
      renamed.push(final);
    }
  } catch (error) {
    // A half-stored upload would leave broken srcsets behind. Only our own files go: in a shared folder a
    // copy under the final name may be another instance's, and whole.
    await Promise.all([...files.map(({ partial }) => partial), ...renamed].map((file) => fs.rm(file, { force: true })));
    throw error;
  }
}

/** Runs at most `limit` of the given pieces of work at once, the others in the order they came. */
function limitConcurrency(limit: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async <T>(work: () => Promise<T>): Promise<T> => {
    if (running < limit) running++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await work();
    } finally {
      // The slot passes straight to the next in line, or is given back.
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}
