import { Writable } from "node:stream";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { AccessLog, isQuietPath, loggedRequest } from "./request-log";

/** A Fastify logging at info, as `npm start` does, into a list of parsed lines. */
function appLogging() {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(
        ...String(chunk)
          .trim()
          .split("\n")
          .map((line) => JSON.parse(line) as Record<string, unknown>),
      );
      done();
    },
  });
  const app = Fastify({ logger: { level: "info", stream, serializers: { req: loggedRequest } }, logController: new AccessLog() });
  app.get("/prices", async () => "ok");
  // As the order page reads it: whatever spelling the server decodes to `key` opens the order.
  app.get("/order/:reference", async (request) => ({ key: (request.query as Record<string, unknown>).key ?? null }));
  app.get("/broken", async () => {
    throw new Error("the database is gone");
  });
  return { app, lines };
}

describe("request log", () => {
  it("writes one line per request, when it ends, with the method, URL, status, time, bytes and request id", async () => {
    const { app, lines } = appLogging();
    await app.inject({ method: "GET", url: "/prices?q=vpn" });
    await app.close();
    const requestLines = lines.filter((line) => line.reqId !== undefined);
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatchObject({
      msg: "request completed",
      reqId: expect.any(String),
      method: "GET",
      url: "/prices?q=vpn",
      statusCode: 200,
      bytes: 2,
    });
    expect(requestLines[0]!.responseTime).toEqual(expect.any(Number));
  });

  it("writes nothing for a route not found but its one line, with the 404", async () => {
    const { app, lines } = appLogging();
    await app.inject({ method: "GET", url: "/nowhere" });
    await app.close();
    expect(lines.filter((line) => line.reqId !== undefined)).toEqual([expect.objectContaining({ url: "/nowhere", statusCode: 404 })]);
  });

  it("still logs a failed request with its error", async () => {
    const { app, lines } = appLogging();
    await app.inject({ method: "GET", url: "/broken" });
    await app.close();
    expect(lines.some((line) => line.level === 50 && JSON.stringify(line).includes("the database is gone"))).toBe(true);
  });

  it("never writes a customer link's key, which is in the path", async () => {
    const { app, lines } = appLogging();
    // As the pages' handler takes every path.
    app.get("/*", async () => "page");
    for (const url of ["/my/SECRET2", "/ne/my/SECRET2.data", "/api/my/SECRET2", "/%6Dy/SECRET2", "/__manifest?paths=%2Fne%2Fmy%2FSECRET2"]) {
      await app.inject({ method: "GET", url });
    }
    await app.close();
    const requestLines = lines.filter((line) => line.reqId !== undefined);
    expect(requestLines).toHaveLength(5);
    for (const line of requestLines) expect(JSON.stringify(line)).not.toContain("SECRET2");
    expect(requestLines[0]).toMatchObject({ url: "/my/[hidden]" });
  });

  it("never writes an order key, however the query spells its name", async () => {
    const { app, lines } = appLogging();
    for (const query of ["key=SECRET1", "k%65y=SECRET1", "%6Bey=SECRET1", "KEY=SECRET1", "key[]=SECRET1", "x=1&key=SECRET1"]) {
      const response = await app.inject({ method: "GET", url: `/order/PSL-23456?${query}` });
      // The server reads all but KEY and key[] as the key; each is hidden anyway.
      if (!/^(KEY|key\[\])=/.test(query)) expect(response.json(), query).toEqual({ key: "SECRET1" });
    }
    await app.close();
    const requestLines = lines.filter((line) => line.reqId !== undefined);
    expect(requestLines).toHaveLength(6);
    for (const line of requestLines) expect(JSON.stringify(line)).not.toContain("SECRET1");
    expect(requestLines[1]).toMatchObject({ url: "/order/PSL-23456?k%65y=[hidden]" });
  });
});

describe("quiet paths", () => {
  it("are the hashed build files and the health probes, however their query is spelled", () => {
    for (const url of ["/assets/entry.client-Bx1.js", "/assets/root-9a.css?v=1", "/healthz", "/readyz", "/healthz?full=1"])
      expect(isQuietPath(url), url).toBe(true);
    for (const url of ["/", "/prices", "/healthzz", "/api/healthz", "/images/logo.png", "/assets", "/ne/assets/x.js"])
      expect(isQuietPath(url), url).toBe(false);
  });
});
