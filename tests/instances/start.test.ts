import { createHmac } from "node:crypto";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { defaultCatalogue } from "../../domain/catalogue/default-catalogue";
import { defaultSlides } from "../../domain/carousel/default-slides";
import { defaultUpdates } from "../../domain/updates/default-updates";
import { startCluster } from "./cluster";

const ROUNDS = 5;
const SIZE = 4;

async function query<T>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text)).rows as T[];
  } finally {
    await client.end();
  }
}

describe(`${SIZE} instances started at the same moment on an empty database`, () => {
  for (let round = 1; round <= ROUNDS; round++) {
    it(`round ${round}: all come up, the content is seeded once, one first admin whose password one of them prints, one device secret`, async () => {
      // No ADMIN_PASSWORD: the first admin gets a generated password, printed by the instance that made it.
      const cluster = await startCluster(SIZE, { together: true, env: { ADMIN_PASSWORD: "" } });
      try {
        const url = cluster.database.url;
        // The first admin is created after listening: wait for every instance to have said it is running
        // before counting it.
        await expect
          .poll(() => cluster.instances.every((instance) => instance.output().includes("Pasal is running")), { timeout: 10_000 })
          .toBe(true);
        const [counts] = await query<Record<string, string>>(
          url,
          `select (select count(*) from catalogue_items) as catalogue, (select count(*) from carousel_slides) as slides,
                  (select count(*) from update_posts) as updates, (select count(*) from admin_users) as admins`,
        );
        expect(counts).toEqual({
          catalogue: String(defaultCatalogue.length),
          slides: String(defaultSlides.length),
          updates: String(defaultUpdates.length),
          admins: "1",
        });
        const printers = cluster.instances.filter((instance) => instance.output().includes("First start: an admin account was created."));
        expect(printers).toHaveLength(1);
        const [, email, password] = /Sign in at \/admin with {2}(\S+) {2}\/ {2}(\S+)/.exec(printers[0]!.output())!;

        // Every instance signs the admin in at once; each signs its device cookie with the one stored secret.
        const devices = await Promise.all(
          cluster.instances.map(async (instance) => {
            const response = await fetch(`${instance.url}/api/auth/login`, {
              method: "POST",
              headers: { "content-type": "application/json", "sec-fetch-site": "same-origin" },
              body: JSON.stringify({ email, password }),
            });
            expect(response.status).toBe(200);
            const device = response.headers.getSetCookie().find((line) => line.includes("pasal_device="))!;
            return /pasal_device=([^;]+)/.exec(device)![1]!;
          }),
        );
        const secrets = await query<{ value: string }>(url, `select value from settings where key = 'device_cookie_secret'`);
        expect(secrets).toHaveLength(1);
        const secret = Buffer.from(JSON.parse(secrets[0]!.value) as string, "base64");
        for (const device of devices) {
          const [nonce, mac] = decodeURIComponent(device).split(".");
          expect(createHmac("sha256", secret).update(`${email}\n${nonce}`).digest("base64url")).toBe(mac);
        }
      } finally {
        await cluster.close();
      }
    });
  }
});
