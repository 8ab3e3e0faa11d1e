// Loaded at the first sign-in rather than at start: the native module adds to the time before the shop answers.
let loaded: Promise<typeof import("argon2")> | undefined;
const argon2 = () => (loaded ??= import("argon2").then((module) => module.default));

// OWASP's minimum for argon2id: 19 MiB of memory, 2 passes.
const options = { memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 } as const;

export async function hashPassword(password: string): Promise<string> {
  const { hash, argon2id } = await argon2();
  return hash(password, { ...options, type: argon2id });
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await (await argon2()).verify(hash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Verifies against a throwaway hash, so an unknown email costs as much time as a wrong password. */
export async function spendVerifyTime(password: string): Promise<void> {
  dummyHash ??= hashPassword("pasal-timing-equaliser");
  await verifyPassword(await dummyHash, password);
}
