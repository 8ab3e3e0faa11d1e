import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";
import { HttpError } from "../../errors";

/** The format of every stored secret: `s1.<key id>.<base64url of IV ‖ tag ‖ ciphertext>` (ADR 0080). */
const FORMAT = "s1";
const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * A stored value that cannot be opened with the key this instance holds: another key, or changed bytes. As an
 * answer, 503 with what to do: an instance left running through `rotate-key` holds the old key.
 */
export class SecretUnreadableError extends HttpError {
  constructor(readonly reason: string) {
    super(503, `This instance cannot read a stored secret (${reason}). If the secrets key was rotated, restart every instance with the new key.`);
  }
}

/**
 * AES-256-GCM over a key of 32 random bytes. Each value gets a fresh 96-bit IV and is bound to its `context`
 * (what it is and whose, e.g. `account-password:<id>`) as associated data, so a ciphertext copied onto
 * another row does not open there. The prefix names the key, so a value under another key is recognised
 * as such rather than taken for tampering.
 */
export function createCipher(masterKey: Buffer) {
  if (masterKey.length !== KEY_BYTES) throw new Error(`A secrets key is ${KEY_BYTES} bytes`);
  const derive = (purpose: string) => Buffer.from(hkdfSync("sha256", masterKey, Buffer.alloc(0), `pasal ${purpose}`, KEY_BYTES));
  const encryptionKey = derive("secrets aes-256-gcm v1");
  const lookupKey = derive("secrets lookup v1");
  const check = createHmac("sha256", derive("secrets key check v1")).update("pasal").digest("base64url");
  const keyId = check.slice(0, 8);

  return {
    /** Names the key without revealing it: the first characters of `check`. */
    keyId,
    /** What the database keeps to tell, at the next start, whether an instance holds the same key. */
    check,

    encrypt(plaintext: string, context: string): string {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", encryptionKey, iv);
      cipher.setAAD(Buffer.from(context, "utf8"));
      const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      return `${FORMAT}.${keyId}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url")}`;
    },

    decrypt(stored: string, context: string): string {
      const [format, storedKeyId, payload] = stored.split(".");
      if (format !== FORMAT || !payload) throw new SecretUnreadableError("This value is not a stored secret");
      if (storedKeyId !== keyId)
        throw new SecretUnreadableError(`This secret was stored under another key (${storedKeyId}, this instance holds ${keyId})`);
      const bytes = Buffer.from(payload, "base64url");
      if (bytes.length < IV_BYTES + TAG_BYTES) throw new SecretUnreadableError("This stored secret is cut short");
      const decipher = createDecipheriv("aes-256-gcm", encryptionKey, bytes.subarray(0, IV_BYTES));
      decipher.setAAD(Buffer.from(context, "utf8"));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      try {
        return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
      } catch {
        throw new SecretUnreadableError("This stored secret was changed or belongs to another record");
      }
    },

    /** A keyed hash for finding equal secrets (duplicate licence keys) without storing or comparing plaintext. */
    lookupHash(value: string): string {
      return createHmac("sha256", lookupKey).update(value, "utf8").digest("base64url");
    },

    matches(otherCheck: string): boolean {
      const a = Buffer.from(check);
      const b = Buffer.from(otherCheck);
      return a.length === b.length && timingSafeEqual(a, b);
    },
  };
}

export type Cipher = ReturnType<typeof createCipher>;

export const newMasterKey = (): Buffer => randomBytes(KEY_BYTES);

/** A key as SECRETS_KEY or the key file gives it: 64 hex digits or base64 of 32 bytes; undefined when it is neither. */
export function parseMasterKey(text: string): Buffer | undefined {
  const trimmed = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(trimmed)) return Buffer.from(trimmed, "hex");
  if (/^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed)) {
    const bytes = Buffer.from(trimmed, "base64");
    if (bytes.length === KEY_BYTES) return bytes;
  }
  return undefined;
}

export const formatMasterKey = (key: Buffer): string => key.toString("base64");
