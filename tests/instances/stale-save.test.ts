import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STALE_EDIT_MESSAGE } from "../../domain/shared/versions";
import { signIn, startCluster, type Instance } from "./cluster";

type Headers = Awaited<ReturnType<typeof signIn>>;

describe("a save through one instance over what another has since saved", () => {
  let cluster: Awaited<ReturnType<typeof startCluster>>;
  let a: Instance;
  let b: Instance;
  let asA: Headers;
  let asB: Headers;
  beforeAll(async () => {
    cluster = await startCluster(2, { together: false });
    [a, b] = cluster.instances as [Instance, Instance];
    [asA, asB] = await Promise.all([signIn(a), signIn(b)]);
  });
  afterAll(() => cluster?.close());

  const json = { "content-type": "application/json" };

  it("is refused with 409 for the shop's settings, read through B before A's save", async () => {
    const read = await (await fetch(`${b.url}/api/admin/settings`, { headers: asB })).json();
    const put = (instance: Instance, headers: Headers, whatsappNumber: string) =>
      fetch(`${instance.url}/api/admin/settings`, {
        method: "PUT",
        headers: { ...headers, ...json, "if-match": `"${read.version}"` },
        body: JSON.stringify({ ...read.data, whatsappNumber }),
      });

    const fromA = await put(a, asA, "9779811111111");
    expect(fromA.status, await fromA.clone().text()).toBe(200);
    const fromB = await put(b, asB, "9779822222222");
    expect(fromB.status).toBe(409);
    expect((await fromB.json()).message).toBe(STALE_EDIT_MESSAGE);
    // A's number stands, read through either instance.
    for (const [instance, headers] of [
      [a, asA],
      [b, asB],
    ] as const) {
      const now = await (await fetch(`${instance.url}/api/admin/settings`, { headers })).json();
      expect(now).toMatchObject({ data: { whatsappNumber: "9779811111111" }, version: read.version + 1 });
    }
  });

  it("is refused with 409 for a price entry, read through B before A's save", async () => {
    const { allPrices } = await (await fetch(`${b.url}/api/prices`)).json();
    const { _id, version, Category, Status, ...card } = allPrices[0];
    const put = (instance: Instance, headers: Headers, Note: string) =>
      fetch(`${instance.url}/api/prices/${_id}`, {
        method: "PUT",
        headers: { ...headers, ...json, "if-match": `"${version}"` },
        body: JSON.stringify({ ...card, Category, Status, Note }),
      });

    const fromA = await put(a, asA, "Saved through A");
    expect(fromA.status, await fromA.clone().text()).toBe(200);
    const fromB = await put(b, asB, "Saved through B");
    expect(fromB.status).toBe(409);
    expect((await fromB.json()).message).toBe(STALE_EDIT_MESSAGE);
    const throughA = (await (await fetch(`${a.url}/api/prices`)).json()).allPrices.find((item: { _id: string }) => item._id === _id);
    expect(throughA).toMatchObject({ Note: "Saved through A", version: version + 1 });
  });
});
