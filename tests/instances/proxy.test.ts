import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LEAVE_MS } from "../../server/start";
import { createClusterDatabase, freePort, signIn, startInstance, type Instance } from "./cluster";

const root = path.resolve(import.meta.dirname, "../..");
const nginx = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((file) => fs.existsSync(file));
const INSTANCES = 3;

/** A request sent from a chosen loopback address, as a client other than the proxy's machine would. */
function send(url: string, { from, headers = {}, body }: { from: string; headers?: Record<string, string>; body?: string }) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const request = http.request(url, { method: body === undefined ? "GET" : "POST", localAddress: from, headers }, (response) => {
      let text = "";
      response.on("data", (chunk: Buffer) => (text += chunk));
      response.on("end", () => resolve({ status: response.statusCode!, body: text }));
    });
    request.on("error", reject);
    request.end(body);
  });
}

/**
 * The nginx configuration docs/deploy.md shows an operator: its ```nginx blocks, each starting with the name
 * of the file in deploy/ it is. The tests run these, not a copy.
 */
function documentedNginx() {
  const guide = fs.readFileSync(path.join(root, "docs/deploy.md"), "utf8");
  const blocks = [...guide.matchAll(/^```nginx\n([^]*?)^```$/gm)].map((match) => match[1]!);
  const block = (file: string) => {
    const found = blocks.filter((text) => text.startsWith(`# ${file}:`));
    if (found.length !== 1) throw new Error(`docs/deploy.md should show ${file} once in an nginx block, found ${found.length}`);
    return found[0]!;
  };
  return { conf: block("deploy/nginx.conf"), upstreams: block("deploy/upstreams.conf") };
}

/**
 * The documented nginx configuration as it is, but for its listening port and the instances' addresses (a
 * `server` line of upstreams.conf per instance), in front of three production instances with separate media
 * folders on one database.
 */
describe.skipIf(!nginx)("the nginx of docs/deploy.md in front of three instances", () => {
  let database: Awaited<ReturnType<typeof createClusterDatabase>>;
  const instances: Instance[] = [];
  const folders: string[] = [];
  const documented = documentedNginx();
  let proxy: ChildProcess | undefined;
  let proxyUrl = "";
  let proxyLog = "";
  let accessLog = "";
  let accessRead = 0;
  /** nginx's access lines, each with the moment it was read (they are read every 20 ms while awaited). */
  const accessLines: Array<{ at: number; line: string }> = [];
  const readAccessLog = () => {
    const text = fs.readFileSync(accessLog).subarray(accessRead).toString("utf8");
    const complete = text.slice(0, text.lastIndexOf("\n") + 1);
    accessRead += Buffer.byteLength(complete);
    for (const line of complete.split("\n").slice(0, -1)) accessLines.push({ at: Date.now(), line });
    return accessLines;
  };
  const instanceEnv = () => ({ TRUST_PROXY: "127.0.0.1", PUBLIC_URL: proxyUrl });

  beforeAll(async () => {
    database = await createClusterDatabase();
    const proxyPort = await freePort();
    proxyUrl = `http://127.0.0.1:${proxyPort}`;
    const started = await Promise.all(
      Array.from({ length: INSTANCES }, () => {
        const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), "pasal-proxy-media-"));
        folders.push(mediaDir);
        return startInstance({ databaseUrl: database.url, mediaDir, env: instanceEnv() });
      }),
    );
    instances.push(...started);
    await Promise.all(instances.map((instance) => instance.ready()));

    const prefix = fs.mkdtempSync(path.join(os.tmpdir(), "pasal-nginx-"));
    folders.push(prefix);
    const { conf, upstreams } = documented;
    expect(conf.match(/listen 80;/g)).toHaveLength(1);
    fs.writeFileSync(path.join(prefix, "nginx.conf"), conf.replace("listen 80;", `listen 127.0.0.1:${proxyPort};`));
    // An instance's line as documented, once per instance.
    const line = upstreams.split("\n").find((text) => text.startsWith("server pasal-1:3000 "));
    expect(line).toBeDefined();
    fs.writeFileSync(
      path.join(prefix, "upstreams.conf"),
      instances.map((instance) => line!.replace("pasal-1:3000", `127.0.0.1:${instance.port}`)).join("\n"),
    );
    // Its access log goes to stdout (/dev/stdout, which cannot be opened on a socket): a file here, read as it grows.
    accessLog = path.join(prefix, "access.log");
    const stdout = fs.openSync(accessLog, "a");
    proxy = spawn(nginx!, ["-p", prefix, "-e", "stderr", "-c", path.join(prefix, "nginx.conf"), "-g", "daemon off;"], {
      stdio: ["ignore", stdout, "pipe"],
    });
    fs.closeSync(stdout);
    proxy.stderr!.on("data", (chunk: Buffer) => (proxyLog += chunk));
    const deadline = Date.now() + 10_000;
    while (
      !(await fetch(`${proxyUrl}/healthz`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (Date.now() > deadline || proxy.exitCode !== null)
        throw new Error(`nginx did not start with the configuration of docs/deploy.md:\n${proxyLog}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  afterAll(async () => {
    proxy?.kill("SIGTERM");
    await Promise.all(instances.map((instance) => instance.stop("SIGKILL")));
    await database?.drop();
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
  });

  it("is what deploy/ holds, and keeps idle connections to the instances shorter than they do", async () => {
    // Compose mounts these files: they are the text the guide shows and these tests run.
    expect(fs.readFileSync(path.join(root, "deploy/nginx.conf"), "utf8")).toBe(documented.conf);
    expect(fs.readFileSync(path.join(root, "deploy/upstreams.conf"), "utf8")).toBe(documented.upstreams);
    const nginxIdle = Number(/upstream pasal \{[^}]*\bkeepalive_timeout (\d+)s;/.exec(documented.conf)?.[1]);
    const answer = await fetch(`${instances[0]!.url}/healthz`);
    const instanceIdle = Number(/timeout=(\d+)/.exec(answer.headers.get("keep-alive") ?? "")?.[1]);
    expect(nginxIdle).toBeGreaterThan(0);
    expect(instanceIdle).toBeGreaterThan(nginxIdle);
    // A stopping instance closes the idle connections left only once nginx has closed its own (ADR 0103).
    expect(LEAVE_MS).toBeGreaterThan(nginxIdle * 1000);
  });

  it("takes an upload, and every instance serves it with the same bytes", async () => {
    const picture = await sharp({ create: { width: 800, height: 400, channels: 3, background: "#2a9d8f" } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(picture)], { type: "image/jpeg" }), "photo.jpg");
    const headers = await signIn({ ...instances[0]!, url: proxyUrl });
    const uploaded = await fetch(`${proxyUrl}/api/admin/uploads`, { method: "POST", headers, body: form });
    expect(uploaded.status, await uploaded.clone().text()).toBe(201);
    const { url } = (await uploaded.json()) as { url: string };
    const copies = await Promise.all(instances.map(async (instance) => Buffer.from(await (await fetch(`${instance.url}${url}`)).arrayBuffer())));
    expect(copies[0]!.length).toBeGreaterThan(0);
    expect(copies[1]).toEqual(copies[0]);
    expect(copies[2]).toEqual(copies[0]);
  });

  it("gives the shop the client's address, whatever the client writes in X-Forwarded-For", async () => {
    const subscribe = (from: string, i: number) =>
      send(`${proxyUrl}/api/newsletter`, {
        from,
        headers: { "content-type": "application/json", origin: proxyUrl, "x-forwarded-for": `203.0.113.${i}` },
        body: JSON.stringify({ email: `reader${i}.${from}@example.com` }),
      });
    // Five a minute per address: were the invented addresses believed, each would have a limit of its own.
    const statuses: number[] = [];
    for (let i = 1; i <= 12; i++) statuses.push((await subscribe("127.0.0.2", i)).status);
    expect(statuses).toContain(429);
    // Counted per client, not for the proxy as a whole.
    expect((await subscribe("127.0.0.3", 1)).status).toBe(200);
  });

  it("keeps a customer link's key out of its access log, as the shop's own log does", async () => {
    const keys = ["Kx7dPq2mZr9wLs4bNc8tVy", "Hq3nRt6pWx2zBm9cLk5dFs"];
    await fetch(`${proxyUrl}/my/${keys[0]}`);
    await fetch(`${proxyUrl}/ne//my/${keys[1]}?from=chat`);
    const logged = () => readAccessLog().filter(({ line }) => line.includes("/my/"));
    await expect.poll(() => logged().length, { timeout: 3_000, interval: 20 }).toBeGreaterThanOrEqual(2);
    const lines = logged().map(({ line }) => line);
    expect(lines.some((line) => line.includes('"GET /my/[hidden]"'))).toBe(true);
    expect(lines.some((line) => line.includes('"GET /ne/my/[hidden]"'))).toBe(true);
    for (const key of keys) expect(fs.readFileSync(accessLog, "utf8")).not.toContain(key);
  });

  it("restarts each instance in turn under a steady stream of checkouts: no error, no order placed twice, each new one back at once", async () => {
    // Hundreds of orders in a minute is a flood to the shop's default ceilings (ADR 0101): the seller raises them.
    const admin = await signIn({ ...instances[0]!, url: proxyUrl });
    const raised = await fetch(`${proxyUrl}/api/admin/settings/order-limits`, {
      method: "PUT",
      headers: { ...admin, "content-type": "application/json" },
      body: JSON.stringify({
        ordersPerMinute: 10_000,
        paidClaimsPerMinute: 10_000,
        wrongCouponsPerMinute: 10_000,
        openOrdersPerPhone: 1_000,
        expireNewAfterHours: 72,
      }),
    });
    expect(raised.status, await raised.clone().text()).toBe(200);
    const { allPrices } = (await (await fetch(`${proxyUrl}/api/prices`)).json()) as {
      allPrices: Array<{ _id: string; plans?: Record<string, number> }>;
    };
    const item = allPrices.find((entry) => Object.keys(entry.plans ?? {}).length > 0)!;
    const months = Number(Object.keys(item.plans!)[0]);
    const errors: string[] = [];
    let placed = 0;
    let pages = 0;
    let running = true;
    // Shoppers checking out, each order named apart and sent from an address of its own (a checkout's rate
    // limit counts per address); and two browsing, as a shop's traffic is mostly pages.
    const checkouts = Array.from({ length: 6 }, async (_, client) => {
      for (let n = 1; running; n++) {
        const name = `shopper ${client}-${n}`;
        try {
          const answer = await send(`${proxyUrl}/api/orders`, {
            from: `127.${10 + client}.${n >> 8}.${n & 255}`,
            headers: { "content-type": "application/json", origin: proxyUrl },
            body: JSON.stringify({
              items: [{ _id: item._id, months, devices: 1 }],
              channel: "whatsapp",
              name,
              phone: `98${client}${String(n).padStart(7, "0")}`,
            }),
          });
          if (answer.status === 201) placed++;
          else errors.push(`${name}: ${answer.status} ${answer.body.slice(0, 200)}`);
        } catch (error) {
          errors.push(`${name}: ${(error as Error).message}`);
        }
      }
    });
    const browsing = Array.from({ length: 2 }, async (_, client) => {
      const paths = ["/", "/prices", "/api/prices"];
      for (let i = 0; running; i++) {
        const target = paths[(client + i) % paths.length]!;
        try {
          const response = await fetch(`${proxyUrl}${target}`);
          await response.arrayBuffer();
          if (response.status === 200) pages++;
          else errors.push(`${target}: ${response.status}`);
        } catch (error) {
          errors.push(`${target}: ${(error as Error).message}`);
        }
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 300));

    // A rolling restart as docs/deploy.md describes it: SIGTERM to one (it drains, then leaves), its
    // successor started on the same address, and the next one only once the successor answers through nginx.
    const backAfter: number[] = [];
    for (const [i, old] of instances.entries()) {
      expect(await old.stop("SIGTERM"), old.output()).toBe(0);
      const successor = await startInstance({ databaseUrl: database.url, mediaDir: folders[i]!, port: old.port, env: instanceEnv() });
      instances[i] = successor;
      await successor.ready();
      readAccessLog();
      const readyAt = Date.now();
      // Answered by it: the last instance nginx tried for that request, after it was ready.
      const servedBy = new RegExp(`upstream="(?:[^"]*, )?127\\.0\\.0\\.1:${successor.port}"`);
      await expect
        .poll(() => readAccessLog().find(({ at, line }) => at >= readyAt && servedBy.test(line)), { timeout: 6_000, interval: 20 })
        .toBeDefined();
      backAfter.push(accessLines.find(({ at, line }) => at >= readyAt && servedBy.test(line))!.at - readyAt);
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
    running = false;
    await Promise.all([...checkouts, ...browsing]);

    expect(errors, proxyLog).toEqual([]);
    expect(placed).toBeGreaterThan(100);
    expect(pages).toBeGreaterThan(20);
    // Each order once: every checkout answered 201 is in the database, and none is there twice.
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const stored = await client.query<{ orders: number; names: number }>(
        "select count(*)::int as orders, count(distinct customer_name)::int as names from orders where customer_name like 'shopper %'",
      );
      expect(stored.rows[0]).toEqual({ orders: placed, names: placed });
    } finally {
      await client.end();
    }
    // Out for 1 s after a refused connection, counted by nginx in whole seconds: back within about 2 s.
    for (const ms of backAfter) expect(ms).toBeLessThan(4_000);
  });

  it("sends requests on to the other instance when one is gone", async () => {
    // Past fail_timeout, so no mark left by the restarts above decides where these go.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await instances[1]!.stop("SIGKILL");
    const statuses = await Promise.all(Array.from({ length: 6 }, async () => (await fetch(`${proxyUrl}/api/prices`)).status));
    expect(statuses, proxyLog).toEqual([200, 200, 200, 200, 200, 200]);
  });
});
