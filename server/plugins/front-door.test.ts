import net, { type AddressInfo } from "node:net";
import type { Server } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { clientErrorAnswer, frontDoorServer, stopListening } from "./front-door";
import { createPageCache, pageCacheDoor } from "./page-cache";
import { pageKey } from "./page-key";

const TIMEOUTS = { connectionTimeout: 5_000, requestTimeout: 5_000, keepAliveTimeout: 5_000, headersTimeout: 5_000, checkEvery: 1_000 };
let server: Server | undefined;

afterEach(async () => {
  const closing = server;
  server = undefined;
  if (!closing) return;
  closing.closeAllConnections();
  await new Promise((resolve) => closing.close(resolve));
});

/** A server whose router stores what it renders in the cache, as the page handler does, and counts its visits. */
async function start({
  timeouts = TIMEOUTS,
  connectionsPerAddress = 0,
  leaving = (): boolean => false,
  log = (): pino.Logger | undefined => undefined,
} = {}) {
  const answers = createPageCache();
  const routed: string[] = [];
  const serve = pageCacheDoor(answers, { sessionCookieNames: ["pasal_session"], log });
  const factory = frontDoorServer({ serve, timeouts, connectionsPerAddress, leaving });
  server = factory((request, response) => {
    routed.push(`${request.method} ${request.url}`);
    // A form is answered once its whole body is in, as Fastify does.
    if (request.method === "POST") {
      request.resume().on("end", () => response.writeHead(200, { "content-type": "text/plain" }).end("received"));
      return;
    }
    const body = `<p>${request.url}</p>${"<li>Netflix Premium</li>".repeat(80)}`;
    // As the page handler: a page already stored is not rendered and stored again (the router serves it as it is).
    if (request.method === "GET" && !answers.get(pageKey(request)))
      answers.store(pageKey(request), answers.begin(), { headers: { "content-type": "text/html; charset=utf-8", "x-frame-options": "DENY" }, body });
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(body);
  }, {});
  await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
  const port = (server!.address() as AddressInfo).port;
  return { answers, routed, base: `http://127.0.0.1:${port}`, port };
}

/** Sends raw requests on one connection; resolves what came back and when the server closed it. */
function keptAlive(port: number) {
  const socket = net.connect(port, "127.0.0.1");
  let received = "";
  socket.on("data", (chunk: Buffer) => (received += chunk));
  const closedAt = new Promise<number>((resolve) => socket.on("close", () => resolve(Date.now())));
  return { send: (path: string) => socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`), received: () => received, closedAt, socket };
}

/** A connection that has had its first answer (to /about) and is kept alive, waiting for its next request. */
async function answeredKeptAlive(port: number) {
  const connection = keptAlive(port);
  connection.send("/about");
  await expect.poll(() => connection.received(), { timeout: 1_000 }).toContain("Connection: keep-alive");
  return connection;
}

describe("kept-alive connections", () => {
  it("stay open as long as the Keep-Alive header says, though longer than the idle timeout of a connection", async () => {
    // Scaled down from SERVER_TIMEOUTS (30 s, 72 s): what matters is that idle kept-alive connections wait
    // for the keep-alive time they advertise, not the shorter connection timeout, so a proxy reusing one
    // within the advertised time never meets a closed socket.
    const { port } = await start({ timeouts: { ...TIMEOUTS, connectionTimeout: 500, keepAliveTimeout: 2_000, checkEvery: 100 } });
    const connection = keptAlive(port);
    const sentAt = Date.now();
    connection.send("/about");
    await expect.poll(() => connection.received(), { timeout: 1_000 }).toContain("Keep-Alive: timeout=2");
    await sleep(1_200);
    // Past the connection timeout, idle: still open, and a reused request is answered.
    connection.send("/help");
    await expect.poll(() => connection.received().split("HTTP/1.1 200").length - 1, { timeout: 1_000 }).toBe(2);
    const closedAt = await connection.closedAt;
    expect(closedAt - sentAt).toBeGreaterThanOrEqual(1_200 + 2_000 - 100);
  });

  it("are closed after each answer once a stop has closed the listener", async () => {
    let leaving = false;
    const { port } = await start({ leaving: () => leaving });
    const connection = await answeredKeptAlive(port);
    leaving = true;
    connection.send("/help");
    await connection.closedAt;
    expect(connection.received()).toMatch(/HTTP\/1\.1 200 OK\r\n(?:.+\r\n)*Connection: close\r\n/);
  });
});

const refused = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", (error: NodeJS.ErrnoException) => resolve(error.code === "ECONNREFUSED"));
  });

describe("stopping to listen (ADR 0103)", () => {
  it("refuses new connections, still answers on a connection already open, closing it, and ends once none is left", async () => {
    let leaving = false;
    const { port } = await start({ leaving: () => leaving });
    const connection = await answeredKeptAlive(port);

    leaving = true;
    const stopped = stopListening(server!, 5_000);
    expect(await refused(port)).toBe(true);
    // A proxy's request on the connection it kept: answered, not reset, nor a 503.
    connection.send("/help");
    await connection.closedAt;
    expect(connection.received().split("HTTP/1.1 200 OK")).toHaveLength(3);
    expect(connection.received()).toMatch(/<p>\/help<\/p>/);
    expect(await stopped).toBe(true);
  });

  it("closes the connections still idle after the wait, and ends once the requests in flight have", async () => {
    const { port } = await start();
    const idle = await answeredKeptAlive(port);
    // A request whose body is still coming: in flight when the wait ends, so it is finished rather than cut.
    const slow = net.connect(port, "127.0.0.1");
    let slowAnswer = "";
    slow.on("data", (chunk: Buffer) => (slowAnswer += chunk));
    slow.write("POST /form HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 4\r\n\r\nab");
    await sleep(100);
    expect(slowAnswer).toBe("");

    const startedAt = Date.now();
    let ended = false;
    const stopped = stopListening(server!, 300).then((emptied) => {
      ended = true;
      return emptied;
    });
    const idleClosedAt = await idle.closedAt;
    expect(idleClosedAt - startedAt).toBeGreaterThanOrEqual(290);
    await sleep(100);
    expect(ended).toBe(false);
    slow.end("cd");
    expect(await stopped).toBe(false);
    expect(slowAnswer).toMatch(/^HTTP\/1\.1 200 OK[^]*\r\nreceived\r\n/);
  });
});

describe("front door", () => {
  it("answers a kept page without the router, with its headers, an ETag, a request id and a 304 when unchanged", async () => {
    const { routed, base } = await start();
    await fetch(`${base}/prices`);
    const hit = await fetch(`${base}/prices`, { headers: { "accept-encoding": "identity" } });
    expect(routed).toEqual(["GET /prices"]);
    expect(hit.status).toBe(200);
    expect(hit.headers.get("x-page-cache")).toBe("hit");
    expect(hit.headers.get("x-frame-options")).toBe("DENY");
    expect(hit.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(await hit.text()).toContain("<p>/prices</p>");
    const again = await fetch(`${base}/prices`, { headers: { "if-none-match": hit.headers.get("etag")!, "accept-encoding": "identity" } });
    expect(again.status).toBe(304);
    expect(routed).toHaveLength(1);
  });

  it("sends the brotli copy once it is made, to a browser that accepts it, after asking for it again", async () => {
    const { base, routed } = await start();
    await fetch(`${base}/`);
    // Stored, without copies: this one goes to the router while the copy is made.
    await fetch(`${base}/`, { headers: { "accept-encoding": "br, gzip" } });
    expect(routed).toEqual(["GET /", "GET /"]);
    await sleep(200);
    // fetch unpacks brotli itself: the header says what came over the wire.
    const hit = await fetch(`${base}/`, { headers: { "accept-encoding": "br, gzip" } });
    expect(hit.headers.get("content-encoding")).toBe("br");
    expect(hit.headers.get("vary")).toBe("accept-encoding, origin");
    expect(await hit.text()).toContain("<p>/</p>");
  });

  it("lets a visitor with a session cookie, other methods and unknown pages through to the router", async () => {
    const { routed, base } = await start();
    await fetch(`${base}/cart`);
    await fetch(`${base}/cart`, { headers: { cookie: "theme=dark; pasal_session=abc" } });
    await fetch(`${base}/cart`, { method: "HEAD" });
    await fetch(`${base}/help`);
    await fetch(`${base}/cart`, { headers: { cookie: "theme=dark", "accept-encoding": "identity" } });
    expect(routed).toEqual(["GET /cart", "GET /cart", "HEAD /cart", "GET /help"]);
  });

  it("writes one access line per page it serves: method, path without an order key, status, time, bytes and the request id it sent", async () => {
    const lines: Array<Record<string, unknown>> = [];
    const logger = pino({ level: "info" }, { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) });
    const { port, base } = await start({ log: () => logger });
    await fetch(`${base}/prices`);
    // On a connection of its own, so every byte it receives is this answer's; the Host the page was stored for.
    const visit = keptAlive(port);
    visit.socket.write(`GET /prices?key=SECRET-KEY HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`);
    // The whole answer: its head, then as many bytes as its Content-Length says.
    const whole = () => {
      const answer = visit.received();
      const length = /content-length: (\d+)/i.exec(answer)?.[1];
      return length !== undefined && answer.length === answer.indexOf("\r\n\r\n") + 4 + Number(length);
    };
    await expect.poll(whole, { timeout: 2_000 }).toBe(true);
    visit.socket.destroy();
    expect(visit.received()).toContain("<p>/prices</p>");
    expect(lines).toEqual([
      expect.objectContaining({
        level: 30,
        msg: "request completed",
        reqId: /x-request-id: ([0-9a-f-]{36})/.exec(visit.received())![1],
        method: "GET",
        url: "/prices?key=[hidden]",
        statusCode: 200,
        responseTime: expect.any(Number),
        bytes: Buffer.byteLength(visit.received()),
        pageCache: "hit",
      }),
    ]);
    expect(JSON.stringify(lines)).not.toContain("SECRET-KEY");
  });

  it("goes to the router again after the cache is cleared by a write", async () => {
    const { answers, routed, base } = await start();
    await fetch(`${base}/prices`);
    answers.clear();
    await fetch(`${base}/prices`);
    expect(routed).toEqual(["GET /prices", "GET /prices"]);
  });
});

/** A connection to the test server, with what it has been sent and whether the server has closed it. */
async function connect(port: number) {
  const socket = net.connect(port, "127.0.0.1");
  await new Promise((resolve) => socket.once("connect", resolve));
  const state = { answer: "", closed: false, socket };
  socket.setEncoding("utf8");
  socket.on("data", (chunk) => (state.answer += chunk));
  socket.on("error", () => undefined);
  socket.on("close", () => (state.closed = true));
  return state;
}

/** Sends `chunks` one by one, `every` ms apart, until they run out or the server closes the connection. */
async function trickle(connection: Awaited<ReturnType<typeof connect>>, chunks: string[], every: number) {
  for (const chunk of chunks) {
    if (connection.closed) return;
    connection.socket.write(chunk);
    await sleep(every);
  }
}

describe("slow and greedy clients", () => {
  const SHORT = { ...TIMEOUTS, headersTimeout: 400, requestTimeout: 800, connectionTimeout: 800, checkEvery: 100 };

  it("closes a connection whose request head trickles in past the headers timeout", async () => {
    const { port, routed } = await start({ timeouts: SHORT });
    const client = await connect(port);
    const started = Date.now();
    // A header line every 100 ms never lets the connection go idle, and never ends the head.
    await trickle(client, ["GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n", ...Array.from({ length: 40 }, (_, i) => `X-Slow-${i}: 1\r\n`)], 100);
    expect(client.closed).toBe(true);
    expect(client.answer).toMatch(/^HTTP\/1\.1 408/);
    expect(Date.now() - started).toBeLessThan(SHORT.headersTimeout + 3 * SHORT.checkEvery + 300);
    expect(routed).toEqual([]);
    client.socket.destroy();
  });

  it("closes a connection whose body trickles in past the request timeout", async () => {
    const { port } = await start({ timeouts: SHORT });
    const client = await connect(port);
    const started = Date.now();
    await trickle(
      client,
      ["POST /netflixCode HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000\r\n\r\n", ...Array.from({ length: 40 }, () => "x")],
      100,
    );
    expect(client.closed).toBe(true);
    expect(Date.now() - started).toBeLessThan(SHORT.requestTimeout + 3 * SHORT.checkEvery + 300);
    client.socket.destroy();
  });

  it("answers a request it has not answered by the idle limit: 408 while the body was still coming, 503 once it was all in", async () => {
    const timeouts = { ...SHORT, requestTimeout: 5_000, headersTimeout: 1_000, connectionTimeout: 500 };
    server = frontDoorServer({ timeouts })((request) => {
      // Reads what it is sent, and never answers.
      request.resume();
    }, {});
    server.on("clientError", clientErrorAnswer(timeouts));
    await new Promise<void>((resolve) => server!.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as AddressInfo).port;

    const stalled = await connect(port);
    stalled.socket.write("POST /api/admin/uploads HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000\r\n\r\nxx");
    await expect.poll(() => stalled.closed).toBe(true);
    expect(stalled.answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(stalled.answer).toContain('"message":"The request did not arrive in time: the server waits 1 seconds for the next bytes');

    const waiting = await connect(port);
    waiting.socket.write("POST /api/orders HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2\r\n\r\n{}");
    await expect.poll(() => waiting.closed).toBe(true);
    expect(waiting.answer).toMatch(/^HTTP\/1\.1 503 Service Unavailable\r\n/);
    expect(waiting.answer).toMatch(/\r\nretry-after: 60\r\n/);
    expect(waiting.answer).toContain('{"success":false,"message":"The server took too long to answer this request. Please try again in a minute."}');
  });

  it("refuses a connection beyond the cap for its address with a 503, and takes one again once another closes", async () => {
    const { port } = await start({ connectionsPerAddress: 3 });
    const held = await Promise.all([connect(port), connect(port), connect(port)]);
    const refused = await connect(port);
    await expect.poll(() => refused.closed).toBe(true);
    expect(refused.answer).toMatch(/^HTTP\/1\.1 503 Service Unavailable\r\n/);
    expect(refused.answer).toMatch(/Too many open connections from your address\.[^]*$/);
    held[0]!.socket.destroy();
    await expect.poll(() => held[0]!.closed).toBe(true);
    // The server counts the close when it sees it: the next connection may race it, so ask until it is let in.
    await expect
      .poll(async () => {
        const response = await fetch(`http://127.0.0.1:${port}/cart`, { headers: { connection: "close" } }).catch(() => null);
        return response?.status;
      })
      .toBe(200);
    for (const connection of held) connection.socket.destroy();
  });
});
