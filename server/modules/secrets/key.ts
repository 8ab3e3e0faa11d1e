import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { SecretsKeySource } from "../../config";
import type { Db } from "../../db/database";
import { ensureWritableDirectory } from "../../files";
import { createCipher, formatMasterKey, newMasterKey, parseMasterKey, type Cipher } from "./cipher";

/** A key that does not fit this database, or a key file that cannot be used: the start stops, nothing changed. */
export class SecretsKeyError extends Error {}

const CHECK_ROW = "current";

async function storedCheck(db: Db): Promise<{ keyId: string; check: string } | undefined> {
  const row = await db.selectFrom("secrets_key").select(["key_id", "check_value"]).where("id", "=", CHECK_ROW).executeTakeFirst();
  return row && { keyId: row.key_id, check: row.check_value };
}

/** Writes the check of `cipher` unless the database has one; answers the one it holds after that. */
async function claimCheck(db: Db, cipher: Cipher, now: string) {
  await db
    .insertInto("secrets_key")
    .values({ id: CHECK_ROW, key_id: cipher.keyId, check_value: cipher.check, created_at: now })
    .onConflict((oc) => oc.column("id").doNothing())
    .execute();
  return (await storedCheck(db))!;
}

/** Reads a key file, refusing one others may read or one that holds no key. */
export function readKeyFile(file: string): Buffer {
  const mode = fs.statSync(file).mode;
  if (process.platform !== "win32" && (mode & 0o077) !== 0) {
    throw new SecretsKeyError(
      `The secrets key file ${file} may be read by other users of this machine (mode ${(mode & 0o777).toString(8)}): run chmod 600 on it.`,
    );
  }
  const key = parseMasterKey(fs.readFileSync(file, "utf8"));
  if (!key) throw new SecretsKeyError(`The secrets key file ${file} does not hold a key (44 characters of base64 or 64 hex digits).`);
  return key;
}

/** Writes a new key file readable by its owner only; false when another process made one first. */
export function writeKeyFile(file: string, key: Buffer): boolean {
  if (!ensureWritableDirectory(path.dirname(file))) {
    throw new SecretsKeyError(
      `Cannot write the secrets key file in ${path.dirname(file)}: set SECRETS_KEY, or SECRETS_KEY_FILE to a writable place.`,
    );
  }
  // Written whole under another name, then linked into place: a process starting beside this one never reads half a key.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.new`;
  fs.writeFileSync(draft, `${formatMasterKey(key)}\n`, { mode: 0o600, flag: "wx" });
  try {
    fs.linkSync(draft, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  } finally {
    fs.rmSync(draft, { force: true });
  }
}

const mismatch = (where: string, held: string, expected: string) =>
  new SecretsKeyError(
    `${where} is not the key this database's passwords, PINs and licence keys are encrypted with (it holds key ${held}, the database expects ${expected}). ` +
      "Every instance on one database needs the same key: set SECRETS_KEY to it, or copy the key file from the instance that made it. Nothing was changed.",
  );

/**
 * The cipher of stored secrets, with a key checked against the database: a wrong key is refused before
 * anything is written with it. A first start with neither SECRETS_KEY nor a key file makes the key file,
 * unless the database already has a key: then this instance was not given the others' key, and is refused
 * rather than encrypting with one of its own (ADR 0081).
 */
export async function openSecrets(db: Db, source: SecretsKeySource, now: string): Promise<Cipher> {
  if (source.key) {
    const cipher = createCipher(source.key);
    const stored = await claimCheck(db, cipher, now);
    if (!cipher.matches(stored.check)) throw mismatch("SECRETS_KEY", cipher.keyId, stored.keyId);
    return cipher;
  }
  if (fs.existsSync(source.keyFile)) {
    const cipher = createCipher(readKeyFile(source.keyFile));
    const stored = await claimCheck(db, cipher, now);
    if (!cipher.matches(stored.check)) throw mismatch(`The key file ${source.keyFile}`, cipher.keyId, stored.keyId);
    return cipher;
  }
  const existing = await storedCheck(db);
  if (existing) {
    throw new SecretsKeyError(
      `SECRETS_KEY is not set and there is no key file at ${source.keyFile}, but this database's secrets are encrypted with key ${existing.keyId}. ` +
        "Set SECRETS_KEY to that key, or copy the key file from the instance that made it (back it up!). No key was made; nothing was changed.",
    );
  }
  const key = newMasterKey();
  // Another process on this machine made the file between our look and our write: use theirs.
  if (!writeKeyFile(source.keyFile, key)) return openSecrets(db, source, now);
  const cipher = createCipher(key);
  const stored = await claimCheck(db, cipher, now);
  if (!cipher.matches(stored.check)) {
    // Another instance on this database made its key first: ours must not be left behind to be backed up as if it were the key.
    fs.rmSync(source.keyFile, { force: true });
    throw mismatch(`A new key file`, cipher.keyId, stored.keyId);
  }
  return cipher;
}

/** The check of the key the database holds now, after a rotation within `db`'s transaction. */
export async function replaceCheck(db: Db, cipher: Cipher, now: string): Promise<void> {
  await db.updateTable("secrets_key").set({ key_id: cipher.keyId, check_value: cipher.check, created_at: now }).where("id", "=", CHECK_ROW).execute();
}
