import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { SQLite } from "../server/db/sqlite";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SHUTDOWN_GRACE_MS } from "../server/start";
import { testDialect } from "./helpers/database";

const root = path.resolve(import.meta.dirname, "..");
/** Shorter than the default, to keep the test quick; what happens in it is the same. */
const DRAIN_MS = 1_000;

let dir: string;
let child: ChildProcess | undefined;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "pasal-stop-"));
});
afterEach(() => {
  child?.kill("SIGKILL");
  child = undefined;
  fs.rmSync(dir, { recursive: true, force: true });
});

/** The real start (tests/helpers/start-server.ts) on a SQLite file; resolves with its port once it listens. */
function startServer() {
  const started = spawn(process.execPath, ["--import", "tsx", "tests/helpers/start-server.ts"], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      PORT: "0",
      HOST: "127.0.0.1",
      LOG_LEVEL: "info",
      MEDIA_DIR: path.join(dir, "media"),
      DATABASE_URL: path.join(dir, "pasal.db"),
      ADMIN_PASSWORD: "a stop test password",
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
    },
  });
  child = started;
  let stdout = "";
  started.stdout!.on("data", (chunk: Buffer) => (stdout += chunk));
  const exited = new Promise<{ code: number | null; at: number }>((resolve) => started.on("exit", (code) => resolve({ code, at: Date.now() })));
  const logged = (text: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => {
        if (stdout.includes(text)) return resolve();
        if (started.exitCode !== null) return reject(new Error(`the server exited before logging "${text}":\n${stdout}`));
        setTimeout(check, 20);
      };
      check();
    });
  // Fastify's "listening" line is an info line, written with the next batch (ADR 0102): it may follow the
  // start's own line by up to 100 ms.
  const port = logged("Pasal is running")
    .then(() => logged("listening at http://127.0.0.1:"))
    .then(() => Number(/listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(stdout)![1]));
  return { process: started, port, exited, logged, output: () => stdout };
}

/**
 * Opens a connection and sends a subscription's head and the first part of its body. Resolves once the
 * server has read the head (it answers `100 Continue`): until then the connection counts as idle, and a
 * stop may close it without waiting.
 */
async function halfSentSubscription(port: number, email: string) {
  const body = JSON.stringify({ email });
  const socket = net.connect(port, "127.0.0.1");
  await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
  let answer = "";
  socket.on("data", (chunk: Buffer) => (answer += chunk));
  const ended = new Promise<string>((resolve) => socket.on("close", () => resolve(answer)));
  socket.write(
    `POST /api/newsletter HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nSec-Fetch-Site: same-origin\r\nContent-Type: application/json\r\nExpect: 100-continue\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
  );
  await expect.poll(() => answer, { timeout: 5_000 }).toContain("HTTP/1.1 100 Continue");
  socket.write(body.slice(0, 10));
  return { rest: () => socket.end(body.slice(10)), answer: ended };
}

/** A kept-alive connection: raw requests sent on it, what came back, and when the server closed it. */
function keptAlive(port: number) {
  const socket = net.connect(port, "127.0.0.1");
  let received = "";
  socket.on("data", (chunk: Buffer) => (received += chunk));
  const closed = new Promise<void>((resolve) => socket.on("close", () => resolve()));
  return { send: (path: string) => socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`), received: () => received, closed };
}

const connectionRefused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code === "ECONNREFUSED"));
  });

// One server process on a SQLite file whatever the suite's database: what is tested is the process's stop.
describe.skipIf(testDialect === "postgres")("stopping on SIGTERM", () => {
  it("says it is not ready, still serves while it drains, then refuses new connections but answers on open ones, finishes the request in flight, closes the database and exits 0", async () => {
    const server = startServer();
    const port = await server.port;
    const readyz = () => fetch(`http://127.0.0.1:${port}/readyz`, { headers: { connection: "close" } });
    expect((await readyz()).status).toBe(200);
    const slow = await halfSentSubscription(port, "in-flight@pasal.test");
    const kept = keptAlive(port);
    kept.send("/healthz");
    await expect.poll(() => kept.received(), { timeout: 5_000 }).toMatch(/^HTTP\/1\.1 200 [^]*Connection: keep-alive/);
    // While the shop runs, SQLite keeps its write-ahead log beside the file.
    expect(fs.existsSync(path.join(dir, "pasal.db-wal"))).toBe(true);

    const stoppedAt = Date.now();
    server.process.kill("SIGTERM");
    await server.logged("draining: /readyz answers 503");
    // Draining: a proxy is told to send no more, and what it still sends is answered as before.
    const notReady = await readyz();
    expect(notReady.status).toBe(503);
    expect(await notReady.json()).toEqual({ status: "stopping" });
    const during = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(during.status).toBe(200);
    expect(during.headers.get("connection")).toBe("keep-alive");
    // Then new connections are refused, and a request on one kept open is still answered, closing it (ADR 0103).
    await server.logged("not listening");
    expect(await connectionRefused(port)).toBe(true);
    expect(Date.now() - stoppedAt).toBeGreaterThanOrEqual(DRAIN_MS - 100);
    kept.send("/healthz");
    await kept.closed;
    expect(kept.received().split("HTTP/1.1 200 OK")).toHaveLength(3);
    expect(kept.received().split("HTTP/1.1 200 OK")[2]).toMatch(/\r\nConnection: close\r\n/);
    expect(server.process.exitCode).toBeNull();

    slow.rest();
    expect(await slow.answer).toMatch(/^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 200 /);
    const { code, at } = await server.exited;
    expect(code, server.output()).toBe(0);
    expect(at).toBeGreaterThan(0);
    // Closed, not killed: the last connection's close folds the log back into the file and removes it.
    expect(fs.existsSync(path.join(dir, "pasal.db-wal"))).toBe(false);
    const db = new SQLite(path.join(dir, "pasal.db"), { readonly: true });
    expect(db.prepare("select email from newsletter_subscribers").all()).toEqual([{ email: "in-flight@pasal.test" }]);
    db.close();
  });

  it("closes a kept-alive connection once the answer being written on it at the stop is sent, and exits 0 at once", async () => {
    const server = startServer();
    const port = await server.port;
    const body = JSON.stringify({ email: "answered-at-stop@pasal.test" });
    const socket = net.connect(port, "127.0.0.1");
    await new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject));
    let answer = "";
    socket.on("data", (chunk: Buffer) => (answer += chunk));
    const closed = new Promise<number>((resolve) => socket.on("close", () => resolve(Date.now())));
    socket.write(
      `POST /api/newsletter HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nSec-Fetch-Site: same-origin\r\nContent-Type: application/json\r\nExpect: 100-continue\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
    );
    await expect.poll(() => answer, { timeout: 5_000 }).toContain("HTTP/1.1 100 Continue");
    socket.write(body.slice(0, 10));
    // Ctrl-C while the request is in flight; its connection is not closed by the client (a browser's is not).
    server.process.kill("SIGINT");
    await server.logged("stopping: finishing requests in flight");
    socket.write(body.slice(10));
    await expect.poll(() => answer, { timeout: 5_000 }).toMatch(/HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 200 /);
    const answeredAt = Date.now();
    const { code, at } = await server.exited;
    expect(code, server.output()).toBe(0);
    expect((await closed) - answeredAt).toBeLessThan(2_000);
    expect(at - answeredAt).toBeLessThan(3_000);
  });

  it("writes every request's access line before it exits, though access lines are written in batches", async () => {
    const server = startServer();
    const port = await server.port;
    const asked = 40;
    for (let i = 0; i < asked; i++) expect((await fetch(`http://127.0.0.1:${port}/api/prices?n=${i}`)).status).toBe(200);
    // A stop at once (Ctrl-C: no drain), before the 100 ms the lines are held at most.
    server.process.kill("SIGINT");
    const { code } = await server.exited;
    expect(code, server.output()).toBe(0);
    const accessLines = server
      .output()
      .split("\n")
      .filter((line) => line.includes('"msg":"request completed"') && line.includes('"url":"/api/prices?n='));
    expect(accessLines).toHaveLength(asked);
  });

  it(`exits within ${SHUTDOWN_GRACE_MS / 1000} s even when a request never finishes`, { timeout: SHUTDOWN_GRACE_MS + 45_000 }, async () => {
    const server = startServer();
    const port = await server.port;
    await halfSentSubscription(port, "never-finished@pasal.test");

    const sentAt = Date.now();
    server.process.kill("SIGTERM");
    const { code, at } = await server.exited;
    expect(code).toBe(1);
    expect(at - sentAt).toBeGreaterThanOrEqual(SHUTDOWN_GRACE_MS - 500);
    expect(at - sentAt).toBeLessThan(SHUTDOWN_GRACE_MS + 3_000);
    expect(server.output()).toContain(`stopped after ${SHUTDOWN_GRACE_MS} ms with requests still in flight`);
  });
});
