import { randomBytes } from "node:crypto";
import type { Db } from "./database";

/**
 * A secret every instance of the shop must hold the same (the device cookies' signing key, a key for stored
 * credentials): made once for the database and kept in its settings. Instances asking together each offer a
 * fresh one; the first written stays (`on conflict do nothing`) and every one reads that back, so no two
 * instances ever use different secrets.
 */
export async function sharedSecret(db: Db, name: string, now: string, bytes = 32): Promise<Buffer> {
  const read = async () => {
    const row = await db.selectFrom("settings").select("value").where("key", "=", name).executeTakeFirst();
    return row ? Buffer.from(JSON.parse(row.value) as string, "base64") : undefined;
  };
  const stored = await read();
  if (stored) return stored;
  const offered = JSON.stringify(randomBytes(bytes).toString("base64"));
  await db
    .insertInto("settings")
    .values({ key: name, value: offered, updated_at: now })
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
  return (await read())!;
}
