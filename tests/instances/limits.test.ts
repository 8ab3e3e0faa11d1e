import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOGIN_FAILURES_PER_ACCOUNT } from "../../server/modules/auth/login-throttle";
import { CHECKOUT_LIMIT } from "../../server/modules/orders/routes";
import { signIn, startCluster, type Instance } from "./cluster";

const post = (instance: Instance, path: string, body: unknown, address: string, headers: Record<string, string> = {}) =>
  fetch(`${instance.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", "sec-fetch-site": "same-origin", "x-forwarded-for": address, ...headers },
    body: JSON.stringify(body),
  });

describe("limits counted once for two instances on one PostgreSQL database", () => {
  let cluster: Awaited<ReturnType<typeof startCluster>>;
  /** The first admin's session, signed in before the account is locked for new browsers. */
  let owner: Awaited<ReturnType<typeof signIn>>;
  beforeAll(async () => {
    // Behind a proxy on this machine, as documented: the client's address comes from X-Forwarded-For.
    cluster = await startCluster(2, { together: false, env: { TRUST_PROXY: "127.0.0.1" } });
    owner = await signIn(cluster.instances[0]!);
  });
  afterAll(() => cluster?.close());

  it(`allows ${CHECKOUT_LIMIT.max} checkouts a minute from one address in total, asked of A and B in turn`, async () => {
    const [a, b] = cluster.instances;
    const { allPrices } = (await (await fetch(`${a!.url}/api/prices`)).json()) as { allPrices: Array<{ _id: string }> };
    const order = { items: [{ _id: allPrices[0]!._id, months: 1, devices: 1 }], channel: "whatsapp" };
    const statuses: number[] = [];
    for (let i = 0; i < CHECKOUT_LIMIT.max + 4; i++) statuses.push((await post(i % 2 ? b! : a!, "/api/orders", order, "198.51.100.7")).status);
    expect(statuses).toEqual([...Array<number>(CHECKOUT_LIMIT.max).fill(201), 429, 429, 429, 429]);
    // Another address is not affected, on either.
    expect((await post(b!, "/api/orders", order, "198.51.100.8")).status).toBe(201);
  });

  it(`allows ${LOGIN_FAILURES_PER_ACCOUNT.max} failed sign-ins per account in total, asked of A and B in turn from many addresses`, async () => {
    const [a, b] = cluster.instances;
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_FAILURES_PER_ACCOUNT.max + 2; i++) {
      const answer = await post(i % 2 ? b! : a!, "/api/auth/login", { email: "admin@pasal.test", password: `guess ${i}` }, `203.0.113.${i % 250}`);
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([...Array<number>(LOGIN_FAILURES_PER_ACCOUNT.max).fill(401), 429, 429]);
  });

  it(`lets exactly ${LOGIN_FAILURES_PER_ACCOUNT.max} of 150 failed sign-ins sent to both at once be tried`, async () => {
    const [a, b] = cluster.instances;
    // A second account, so this count starts at zero.
    const added = await fetch(`${a!.url}/api/admin/admins`, {
      method: "POST",
      headers: { ...owner, "content-type": "application/json" },
      body: JSON.stringify({ email: "second@pasal.test", name: "Second", password: "second admin password" }),
    });
    expect(added.status).toBe(201);
    const answers = await Promise.all(
      Array.from({ length: 150 }, (_, i) =>
        post(i % 2 ? b! : a!, "/api/auth/login", { email: "second@pasal.test", password: `guess ${i}` }, `10.1.${Math.floor(i / 250)}.${i % 250}`),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(LOGIN_FAILURES_PER_ACCOUNT.max);
    expect(statuses.filter((status) => status === 429)).toHaveLength(150 - LOGIN_FAILURES_PER_ACCOUNT.max);
  });
});
