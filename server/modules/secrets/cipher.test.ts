import { describe, expect, it } from "vitest";
import { createCipher, formatMasterKey, newMasterKey, parseMasterKey, SecretUnreadableError } from "./cipher";

describe("the secrets cipher", () => {
  const cipher = createCipher(newMasterKey());

  it("opens what it sealed, and seals the same value differently each time", () => {
    const sealed = cipher.encrypt("hunter2 पासवर्ड", "account-password:a1");
    expect(sealed).toMatch(new RegExp(`^s1\\.${cipher.keyId}\\.`));
    expect(sealed).not.toContain("hunter2");
    expect(cipher.decrypt(sealed, "account-password:a1")).toBe("hunter2 पासवर्ड");
    expect(cipher.encrypt("hunter2 पासवर्ड", "account-password:a1")).not.toBe(sealed);
  });

  it("refuses a changed byte anywhere in the sealed value", () => {
    const sealed = cipher.encrypt("4821", "seat-pin:s1");
    const [format, keyId, payload] = sealed.split(".");
    const bytes = Buffer.from(payload!, "base64url");
    for (const at of [0, 12, 20, bytes.length - 1]) {
      const changed = Buffer.from(bytes);
      changed[at]! ^= 1;
      expect(() => cipher.decrypt(`${format}.${keyId}.${changed.toString("base64url")}`, "seat-pin:s1")).toThrow(SecretUnreadableError);
    }
    expect(() => cipher.decrypt(`${format}.${keyId}.${payload!.slice(0, 20)}`, "seat-pin:s1")).toThrow(SecretUnreadableError);
  });

  it("refuses a value moved onto another record", () => {
    const sealed = cipher.encrypt("4821", "seat-pin:s1");
    expect(() => cipher.decrypt(sealed, "seat-pin:s2")).toThrow(/changed or belongs to another record/);
  });

  it("says so when a value was sealed under another key", () => {
    const other = createCipher(newMasterKey());
    expect(other.keyId).not.toBe(cipher.keyId);
    expect(() => other.decrypt(cipher.encrypt("x", "c"), "c")).toThrow(/stored under another key/);
    expect(other.matches(cipher.check)).toBe(false);
    expect(cipher.matches(cipher.check)).toBe(true);
  });

  it("finds equal codes by a keyed hash that differs between keys", () => {
    const other = createCipher(newMasterKey());
    expect(cipher.lookupHash("ABCD-1234")).toBe(cipher.lookupHash("ABCD-1234"));
    expect(cipher.lookupHash("ABCD-1234")).not.toBe(cipher.lookupHash("ABCD-1235"));
    expect(other.lookupHash("ABCD-1234")).not.toBe(cipher.lookupHash("ABCD-1234"));
  });

  it("reads keys given as base64 or hex, and nothing else", () => {
    const key = newMasterKey();
    expect(parseMasterKey(formatMasterKey(key))).toEqual(key);
    expect(parseMasterKey(key.toString("hex"))).toEqual(key);
    expect(parseMasterKey(`${formatMasterKey(key)}\n`)).toEqual(key);
    expect(parseMasterKey("too short")).toBeUndefined();
    expect(parseMasterKey(newMasterKey().toString("base64").slice(0, 40))).toBeUndefined();
  });
});
