import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClusterDatabase, freePort, signIn, startInstance, type Instance } from "./cluster";

const root = path.resolve(import.meta.dirname, "../..");
const nginx = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((file) => fs.existsSync(file));

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
 * deploy/nginx.conf as it is, but for its listening port and the instances' addresses in upstreams.conf
 * (docs/deploy.md), in front of two production instances with separate media folders on one database.
 */
describe.skipIf(!nginx)("deploy/nginx.conf in front of two instances", () => {
  let database: Awaited<ReturnType<typeof createClusterDatabase>>;
  const instances: Instance[] = [];
  const folders: string[] = [];
  let proxy: ChildProcess | undefined;
  let proxyUrl = "";
  let proxyLog = "";

  beforeAll(async () => {
    database = await createClusterDatabase();
    const proxyPort = await freePort();
    proxyUrl = `http://127.0.0.1:${proxyPort}`;
    for (let i = 0; i < 2; i++) {
      const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), "pasal-proxy-media-"));
      folders.push(mediaDir);
      const instance = await startInstance({ databaseUrl: database.url, mediaDir, env: { TRUST_PROXY: "127.0.0.1", PUBLIC_URL: proxyUrl } });
      instances.push(instance);
      await instance.ready();
    }

    const prefix = fs.mkdtempSync(path.join(os.tmpdir(), "pasal-nginx-"));
    folders.push(prefix);
    const conf = fs.readFileSync(path.join(root, "deploy/nginx.conf"), "utf8");
    expect(conf.match(/listen 80;/g)).toHaveLength(1);
    fs.writeFileSync(path.join(prefix, "nginx.conf"), conf.replace("listen 80;", `listen 127.0.0.1:${proxyPort};`));
    const upstreams = fs.readFileSync(path.join(root, "deploy/upstreams.conf"), "utf8");
    expect(upstreams).toMatch(/pasal-1:3000[^\n]*\n[^\n]*pasal-2:3000/);
    fs.writeFileSync(
      path.join(prefix, "upstreams.conf"),
      upstreams.replace("pasal-1:3000", `127.0.0.1:${instances[0]!.port}`).replace("pasal-2:3000", `127.0.0.1:${instances[1]!.port}`),
    );
    proxy = spawn(nginx!, ["-p", prefix, "-e", "stderr", "-c", path.join(prefix, "nginx.conf"), "-g", "daemon off;"], {
      stdio: ["ignore", "ignore", "pipe"],
    });
    proxy.stderr!.on("data", (chunk: Buffer) => (proxyLog += chunk));
    const deadline = Date.now() + 10_000;
    while (
      !(await fetch(`${proxyUrl}/healthz`).then(
        (r) => r.ok,
        () => false,
      ))
    ) {
      if (Date.now() > deadline || proxy.exitCode !== null) throw new Error("nginx did not start with deploy/nginx.conf");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  afterAll(async () => {
    proxy?.kill("SIGTERM");
    await Promise.all(instances.map((instance) => instance.stop("SIGKILL")));
    await database?.drop();
    for (const folder of folders) fs.rmSync(folder, { recursive: true, force: true });
  });

  it("takes an upload, and both instances serve it with the same bytes", async () => {
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

  it("loses no request while the instances are restarted one after the other under a steady load", async () => {
    const paths = ["/api/prices", "/", "/prices", "/api/carousel"];
    const lost: string[] = [];
    let answered = 0;
    let running = true;
    const clients = Array.from({ length: 4 }, async (_, client) => {
      for (let i = 0; running; i++) {
        const target = paths[(client + i) % paths.length]!;
        try {
          const response = await fetch(`${proxyUrl}${target}`);
          await response.arrayBuffer();
          if (response.status >= 400) lost.push(`${target}: ${response.status}`);
          else answered++;
        } catch (error) {
          lost.push(`${target}: ${(error as Error).message}`);
        }
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    // A rolling restart as docs/deploy.md describes it: stop one (it drains), start its successor on the same address, then the next.
    for (const [i, old] of instances.entries()) {
      expect(await old.stop("SIGTERM"), old.output()).toBe(0);
      const successor = await startInstance({
        databaseUrl: database.url,
        mediaDir: folders[i]!,
        port: old.port,
        env: { TRUST_PROXY: "127.0.0.1", PUBLIC_URL: proxyUrl },
      });
      instances[i] = successor;
      await successor.ready();
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    running = false;
    await Promise.all(clients);
    expect(lost, proxyLog).toEqual([]);
    expect(answered).toBeGreaterThan(50);
  });

  it("sends requests on to the other instance when one is gone", async () => {
    // Past fail_timeout, so no mark left by the restarts above decides where these go.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    await instances[1]!.stop("SIGKILL");
    const statuses = await Promise.all(Array.from({ length: 6 }, async () => (await fetch(`${proxyUrl}/api/prices`)).status));
    expect(statuses, proxyLog).toEqual([200, 200, 200, 200, 200, 200]);
  });
});
