import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CACHE_BOUND_MS } from "../../server/db/change-signals";
import { signIn, startCluster, type Instance } from "./cluster";
import { admin, eventually, getJson, page, type Price } from "./coherence";

/** An edit through A, the admin's answer in hand, must show through B within this (ADR 0019). */
const VISIBLE_WITHIN_MS = 1000;

describe("an edit through one instance shows through the other within a second", () => {
  let cluster: Awaited<ReturnType<typeof startCluster>>;
  let a: Instance;
  let b: Instance;
  let headers: Record<string, string>;
  beforeAll(async () => {
    cluster = await startCluster(2, { together: false });
    [a, b] = cluster.instances as [Instance, Instance];
    headers = await signIn(a);
  });
  afterAll(() => cluster?.close());

  const prices = async (instance: Instance) => (await getJson<{ allPrices: Price[] }>(instance, "/api/prices")).allPrices;
  const quote = (instance: Instance, items: object[]) =>
    fetch(`${instance.url}/api/orders/quote`, {
      method: "POST",
      headers: { "content-type": "application/json", "sec-fetch-site": "same-origin" },
      body: JSON.stringify({ items }),
    }).then((response) => response.json() as Promise<{ lines: Array<{ unitPrice?: number; problem?: string }> }>);

  /** Reads each cached answer of B twice, so the second read (and what the edit must replace) comes from its caches. */
  async function warm(paths: string[]) {
    for (const path of paths) {
      await page(b, path);
      const again = await page(b, path);
      expect(again.cached, `${path} from B's page cache`).toBe(true);
    }
  }

  it("a price: the API, the product page and the quote", async () => {
    const before = (await prices(b)).find((item) => item.Name === "Netflix Premium")!;
    await warm(["/api/prices", "/prices/Netflix%20Premium"]);
    expect((await quote(b, [{ _id: before._id, months: 1, devices: 1 }])).lines[0]!.unitPrice).toBe(before.plans["1"]);

    const { _id, Id, Name, Info, ImageId, Note, category, status, SpecialLink } = before;
    const answered = await admin(a, headers, "PUT", `/api/prices/${_id}`, {
      ...{ Id, Name, Info, ImageId, Note, SpecialLink, Category: category, Status: status },
      plans: { ...before.plans, "1": 4321 },
    });
    await eventually(VISIBLE_WITHIN_MS, answered, "the new price in B's /api/prices", async () =>
      (await prices(b)).some((item) => item._id === _id && item.plans["1"] === 4321),
    );
    await eventually(VISIBLE_WITHIN_MS, answered, "the new price on B's product page", async () =>
      /4,?321/.test((await page(b, "/prices/Netflix%20Premium")).body),
    );
    expect((await quote(b, [{ _id, months: 1, devices: 1 }])).lines[0]!.unitPrice).toBe(4321);
    expect(performance.now() - answered).toBeLessThan(VISIBLE_WITHIN_MS);
  });

  it("a slide: the carousel API and the home page", async () => {
    const slides = await getJson<Array<{ _id: string; image: string; title: string; description: string }>>(b, "/api/carousel");
    const slide = slides[0]!;
    await warm(["/"]);
    const answered = await admin(a, headers, "PUT", `/api/admin/carousel/${slide._id}`, {
      image: slide.image,
      title: "Dashain offer on every plan",
      description: slide.description,
    });
    await eventually(VISIBLE_WITHIN_MS, answered, "the new title in B's /api/carousel", async () =>
      (await getJson<Array<{ title: string }>>(b, "/api/carousel")).some((s) => s.title === "Dashain offer on every plan"),
    );
    await eventually(VISIBLE_WITHIN_MS, answered, "the new title on B's home page", async () =>
      (await page(b, "/")).body.includes("Dashain offer on every plan"),
    );
  });

  it("a setting: the WhatsApp number on the contact page, in the admin's settings and at checkout", async () => {
    const { data: settings } = await getJson<{ data: Record<string, unknown> }>(b, "/api/admin/settings", headers);
    await warm(["/contact"]);
    const answered = await admin(a, headers, "PUT", "/api/admin/settings", { ...settings, whatsappNumber: "9779812345678" });
    await eventually(VISIBLE_WITHIN_MS, answered, "the new number on B's contact page", async () =>
      (await page(b, "/contact")).body.includes("9779812345678"),
    );
    await eventually(
      VISIBLE_WITHIN_MS,
      answered,
      "the new number in B's settings",
      async () => (await getJson<{ data: { whatsappNumber: string } }>(b, "/api/admin/settings", headers)).data.whatsappNumber === "9779812345678",
    );
    const item = (await prices(b))[0]!;
    const months = Number(Object.keys(item.plans)[0]);
    const order = await fetch(`${b.url}/api/orders`, {
      method: "POST",
      headers: { "content-type": "application/json", "sec-fetch-site": "same-origin" },
      body: JSON.stringify({ items: [{ _id: item._id, months, devices: 1 }], channel: "whatsapp" }),
    });
    expect(order.status).toBe(201);
    expect(((await order.json()) as { url: string }).url).toMatch(/^https:\/\/wa\.me\/9779812345678\?/);
    expect(performance.now() - answered).toBeLessThan(VISIBLE_WITHIN_MS);
  });

  it("a delete: gone from the API, the price list page and the quote", async () => {
    const gone = (await prices(b)).find((item) => item.Name === "Spotify Premium") ?? (await prices(b)).at(-1)!;
    await warm(["/api/prices", "/prices"]);
    expect((await page(b, "/prices")).body).toContain(gone.Name);
    const answered = await admin(a, headers, "DELETE", `/api/prices/${encodeURIComponent(gone.Name)}`);
    await eventually(VISIBLE_WITHIN_MS, answered, "the item gone from B's /api/prices", async () =>
      (await prices(b)).every((item) => item._id !== gone._id),
    );
    await eventually(
      VISIBLE_WITHIN_MS,
      answered,
      "the item gone from B's price list",
      async () => !(await page(b, "/prices")).body.includes(gone.Name),
    );
    const months = Number(Object.keys(gone.plans)[0]);
    expect((await quote(b, [{ _id: gone._id, months, devices: 1 }])).lines[0]!.problem).toMatch(/no longer sold/);
  });
});

describe("an instance that missed a notice", () => {
  let cluster: Awaited<ReturnType<typeof startCluster>>;
  let b: Instance;
  let database: pg.Client;
  beforeAll(async () => {
    cluster = await startCluster(2, { together: false });
    b = cluster.instances[1]!;
    database = new pg.Client({ connectionString: cluster.database.url });
    await database.connect();
  });
  afterAll(async () => {
    await database?.end();
    await cluster?.close();
  });

  const rename = (from: string, to: string) =>
    database.query("update catalogue_items set name = $2, name_key = lower($2) where name = $1", [from, to]).then((result) => result.rowCount);
  // This cluster's database only: other suites may run beside it on the same server.
  const listeners = async () =>
    (
      await database.query<{ pid: number }>(
        "select pid from pg_stat_activity where datname = current_database() and application_name = 'pasal change notices' and query like 'listen %'",
      )
    ).rows.map((row) => row.pid);

  it("shows a change it was never told of within the cache bound, pages included", async () => {
    await page(b, "/prices");
    expect((await page(b, "/prices")).cached).toBe(true);
    // Written straight to the database: no instance hears of it.
    expect(await rename("Netflix Premium", "Netflix Unannounced")).toBe(1);
    const written = performance.now();
    expect((await page(b, "/prices")).body).not.toContain("Netflix Unannounced");
    // The page may be up to a bound old, built from a service cache up to a bound old.
    await eventually(2 * CACHE_BOUND_MS + 500, written, "the new name on B's price list", async () =>
      (await page(b, "/prices")).body.includes("Netflix Unannounced"),
    );
  });

  it("drops its caches and listens again when its listening connection is cut", async () => {
    const before = await listeners();
    expect(before).toHaveLength(2);
    await page(b, "/prices");
    expect(await rename("Netflix Unannounced", "Netflix While Deaf")).toBe(1);
    const written = performance.now();
    expect((await page(b, "/prices")).body).not.toContain("Netflix While Deaf");
    await database.query(
      "select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = 'pasal change notices'",
    );
    await eventually(VISIBLE_WITHIN_MS, written, "the new name on B's price list", async () =>
      (await page(b, "/prices")).body.includes("Netflix While Deaf"),
    );
    await eventually(5000, written, "both instances listening again", async () => {
      const now = await listeners();
      return now.length === 2 && now.every((pid) => !before.includes(pid));
    });
    // Logged once, and still serving.
    expect(b.output().match(/lost the connection to PostgreSQL/g)).toHaveLength(1);
    expect(b.process.exitCode).toBeNull();
    expect((await page(b, "/")).status).toBe(200);
  });
});
