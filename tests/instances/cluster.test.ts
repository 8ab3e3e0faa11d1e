import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn, startCluster } from "./cluster";

describe("two instances of the production build on one PostgreSQL database", () => {
  let cluster: Awaited<ReturnType<typeof startCluster>>;
  beforeAll(async () => {
    cluster = await startCluster(2, { together: false });
  });
  afterAll(() => cluster?.close());

  it("both serve the same seeded catalogue, and an admin signs in on either", async () => {
    const [a, b] = cluster.instances;
    const read = async (url: string) => ((await (await fetch(`${url}/api/prices`)).json()) as { allPrices: unknown[] }).allPrices;
    const [fromA, fromB] = await Promise.all([read(a!.url), read(b!.url)]);
    expect(fromA.length).toBeGreaterThan(0);
    expect(fromB).toEqual(fromA);
    await expect(signIn(a!)).resolves.toHaveProperty("cookie");
    await expect(signIn(b!)).resolves.toHaveProperty("cookie");
  });
});
