import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The gateways' signatures (docs/research/payment-gateways.md). Pure: the clients and the fake gateways in
 * tests/fakes share them, and the unit tests check them against the documented vectors.
 */

/** eSewa ePay v2: base64 HMAC-SHA256 over `name=value` of each signed field, in order, joined by commas (2.3). */
export function esewaSignature(secret: string, fields: Record<string, string>, signedFieldNames: string): string {
  const message = signedFieldNames
    .split(",")
    .map((name) => `${name}=${fields[name] ?? ""}`)
    .join(",");
  return createHmac("sha256", secret).update(message, "utf8").digest("base64");
}

/**
 * Whether eSewa signed this decoded `data`: over its own `signed_field_names`, with the raw values received. An
 * amount with thousands separators ("1,000.0") is tried again without them, as eSewa signs the plain one (2.4).
 */
export function esewaDataIsSigned(secret: string, data: Record<string, string>): boolean {
  const names = data.signed_field_names;
  const given = data.signature;
  if (!names || !given) return false;
  if (sameText(esewaSignature(secret, data, names), given)) return true;
  const amount = data.total_amount;
  if (amount === undefined || !amount.includes(",")) return false;
  return sameText(esewaSignature(secret, { ...data, total_amount: amount.replaceAll(",", "") }, names), given);
}

/**
 * eSewa's `data`: base64 JSON. Values are kept as the literals received (a number such as 1000.0 must not become
 * "1000", or its signature fails); null for anything that is not such an object.
 */
export function decodeEsewaData(encoded: string): Record<string, string> | null {
  let text: string;
  try {
    text = Buffer.from(encoded, "base64").toString("utf8");
  } catch {
    return null;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) return null;
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(parsed)) {
    if (typeof value === "string") out[name] = value;
    else if (typeof value === "number") out[name] = numberLiteral(text, name) ?? String(value);
    else if (value === null) out[name] = "";
  }
  return out;
}

/** The number literal of `name` as written in the JSON text (1000.0 stays "1000.0"). */
function numberLiteral(json: string, name: string): string | undefined {
  const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`"${escaped}"\\s*:\\s*(-?\\d+(?:\\.\\d+)?(?:[eE][+-]?\\d+)?)`).exec(json)?.[1];
}

/** Fonepay dynamic QR: lower-case hex HMAC-SHA512 over the values joined by commas (3.2, 3.4). */
export function fonepayDataValidation(secret: string, values: readonly string[]): string {
  return createHmac("sha512", secret).update(values.join(","), "utf8").digest("hex");
}

/** Compares two signatures in constant time (case-insensitively for hex when `caseless`). */
export function sameText(a: string, b: string, caseless = false): boolean {
  const x = Buffer.from(caseless ? a.toLowerCase() : a);
  const y = Buffer.from(caseless ? b.toLowerCase() : b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** "1,000.0" or 1000 → 1000 (whole rupees); NaN when it is not an amount. */
export function readAmount(value: string | number | null | undefined): number {
  if (typeof value === "number") return value;
  if (typeof value !== "string" || !/^\d[\d,]*(\.\d+)?$/.test(value.trim())) return Number.NaN;
  return Number(value.trim().replaceAll(",", ""));
}
