import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCluster, type Instance } from "./cluster";

const CLIENTS = 6;
const PATHS = ["/api/prices", "/", "/healthz", "/prices"];

type Outcome = { status: number } | { error: string; code?: string; reused: boolean };

/** One request on a client's kept-alive connections; says whether a failure came on a connection used before. */
function request(agent: http.Agent, instance: Instance, path: string): Promise<Outcome> {
  return new Promise((resolve) => {
    let reused = false;
    const sent = http.get(`${instance.url}${path}`, { agent }, (response) => {
      response.resume();
      response.on("end", () => resolve({ status: response.statusCode! }));
      response.on("error", (error: NodeJS.ErrnoException) => resolve({ error: error.message, code: error.code, reused }));
    });
    sent.on("socket", (socket) => {
      // A socket the agent hands out already connected is one kept alive from an earlier request.
      reused = !socket.connecting;
    });
    sent.on("error", (error: NodeJS.ErrnoException) => resolve({ error: error.message, code: error.code, reused }));
  });
}

describe("a stop under a steady stream of requests", () => {
  let cluster: Awaited<ReturnType<typeof startCluster>>;
  beforeAll(async () => {
    cluster = await startCluster(2, { together: false, env: { LOG_LEVEL: "info" } });
  });
  afterAll(() => cluster?.close());

  it("loses no request that reached the stopping instance: clients leave it when /readyz says 503 or it refuses a connection", async () => {
    const [a, b] = cluster.instances as [Instance, Instance];
    // As a proxy's health check: A takes requests until its /readyz says otherwise (or it is gone).
    let aReady = true;
    let watching = true;
    const watcher = (async () => {
      while (watching && aReady) {
        const status = await fetch(`${a.url}/readyz`, { headers: { connection: "close" } }).then(
          (response) => response.status,
          () => 0,
        );
        if (status !== 200) aReady = false;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    })();

    const lost: Array<{ path: string; outcome: Outcome }> = [];
    const served = { a: 0, b: 0, aWhileStopping: 0, refusedByA: 0 };
    let stopping = false;
    let running = true;
    const clients = Array.from({ length: CLIENTS }, async (_, client) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      for (let i = 0; running; i++) {
        const path = PATHS[(client + i) % PATHS.length]!;
        // While A is ready, clients share the two; after, only B.
        const target = aReady && i % 2 === 0 ? a : b;
        const outcome = await request(agent, target, path);
        if ("status" in outcome && outcome.status < 500) {
          if (target === a) {
            served.a++;
            if (stopping) served.aWhileStopping++;
          } else served.b++;
          continue;
        }
        // Refused before anything was sent: the proxy tries the next instance, as nginx does.
        if ("code" in outcome && outcome.code === "ECONNREFUSED" && target === a) {
          served.refusedByA++;
          const retried = await request(agent, b, path);
          if ("status" in retried && retried.status < 500) served.b++;
          else lost.push({ path, outcome: retried });
          continue;
        }
        lost.push({ path, outcome });
      }
      agent.destroy();
    });

    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const before = served.a;
    stopping = true;
    a.process.kill("SIGTERM");
    const code = await a.exited;
    await new Promise((resolve) => setTimeout(resolve, 500));
    running = false;
    watching = false;
    await Promise.all([...clients, watcher]);

    expect(lost).toEqual([]);
    expect(code, a.output()).toBe(0);
    expect(aReady).toBe(false);
    // The stream was steady, and A served requests after the signal (until the clients left it).
    expect(before).toBeGreaterThan(20);
    expect(served.aWhileStopping).toBeGreaterThan(0);
    expect(served.b).toBeGreaterThan(before);
    expect(a.output()).toContain("draining: /readyz answers 503");
  });
});
