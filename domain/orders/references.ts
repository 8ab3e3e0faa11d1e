/** Read aloud over the phone: no 0/O and no 1/I, which sound or look alike. */

export const REFERENCE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ";
export const REFERENCE_PREFIX = "PSL-";
/** 32^5 ≈ 33.5 million references; a clash is caught by the unique index and a new one drawn. */
export const REFERENCE_LENGTH = 5;
export const referencePattern = new RegExp(`^${REFERENCE_PREFIX}[${REFERENCE_ALPHABET}]{${REFERENCE_LENGTH}}$`);

/** A reference from random bytes (one per character); 32 divides 256, so every character is equally likely. */
export function referenceFromBytes(bytes: Uint8Array): string {
  if (bytes.length < REFERENCE_LENGTH) throw new Error(`need ${REFERENCE_LENGTH} random bytes`);
  let code = "";
  for (let i = 0; i < REFERENCE_LENGTH; i++) code += REFERENCE_ALPHABET[bytes[i]! % REFERENCE_ALPHABET.length];
  return REFERENCE_PREFIX + code;
}

/** What a person types when searching: "psl 7k2qx", "7K2QX", "PSL7K2QX" all mean PSL-7K2QX. */
export function normaliseReference(input: string): string {
  const compact = input.toUpperCase().replace(/[\s-]/g, "");
  return REFERENCE_PREFIX + (compact.startsWith("PSL") ? compact.slice(3) : compact);
}
