import fs from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createTestApp } from "./helpers/app";
import { tinyWeb } from "./helpers/web";

type Line = Record<string, unknown> & { level: number; msg: string; reqId?: string };

/** The shop with its storefront (a tiny build with one hashed asset), logging at `level` into a list of parsed lines. */
async function shopLogging(level: "info" | "debug") {
  const lines: Line[] = [];
  const web = await tinyWeb();
  await fs.mkdir(path.join(web.clientDir!, "assets"));
  await fs.writeFile(path.join(web.clientDir!, "assets", "entry.client-Bx1Qz.js"), "console.log('hydrated')");
  const t = await createTestApp({
    seed: true,
    web,
    env: { LOG_LEVEL: level },
    logStream: { write: (line: string) => void lines.push(JSON.parse(line) as Line) },
  });
  const linesOf = (reqId: unknown) => lines.filter((line) => line.reqId === reqId);
  return { ...t, lines, linesOf };
}

describe("access log", () => {
  it("writes exactly one line per request, with method, path, status, time, bytes and request id, and never an order key", async () => {
    const { app, linesOf, lines } = await shopLogging("info");
    for (const url of ["/api/prices?key=SECRET-KEY", "/prices?q=vpn&k%65y=SECRET-KEY", "/order/PSL-23456?key=SECRET-KEY"]) {
      const response = await app.inject({ method: "GET", url });
      const own = linesOf(response.headers["x-request-id"]);
      expect(own, url).toHaveLength(1);
      expect(own[0], url).toEqual(
        expect.objectContaining({
          level: 30,
          msg: "request completed",
          method: "GET",
          url: url.replace(/SECRET-KEY/, "[hidden]"),
          statusCode: response.statusCode,
          responseTime: expect.any(Number),
        }),
      );
      // No connection under inject: the answer's length, when it names one (the order page is streamed).
      if (response.headers["content-length"]) expect(own[0]!.bytes, url).toBe(response.rawPayload.length);
    }
    expect(JSON.stringify(lines)).not.toContain("SECRET-KEY");
  });

  it("writes nothing for a hashed asset or a health probe at info, and one line each at debug", async () => {
    const quiet = ["/assets/entry.client-Bx1Qz.js", "/healthz", "/readyz"];
    const atInfo = await shopLogging("info");
    for (const url of quiet) {
      const response = await atInfo.app.inject({ method: "GET", url });
      expect(response.statusCode, url).toBe(200);
      expect(atInfo.linesOf(response.headers["x-request-id"]), url).toEqual([]);
    }
    // A page beside them is still logged.
    const page = await atInfo.app.inject({ method: "GET", url: "/prices" });
    expect(atInfo.linesOf(page.headers["x-request-id"])).toHaveLength(1);

    const atDebug = await shopLogging("debug");
    for (const url of quiet) {
      const response = await atDebug.app.inject({ method: "GET", url });
      expect(
        atDebug.linesOf(response.headers["x-request-id"]).filter((line) => line.msg === "request completed"),
        url,
      ).toEqual([expect.objectContaining({ level: 20, url, statusCode: 200 })]);
    }
  });

  it("still writes errors, with the request id of the request that failed, and the failed probe's line at info", async () => {
    const { app, database, linesOf } = await shopLogging("info");
    await database.close();
    const failed = await app.inject({ method: "GET", url: "/api/prices" });
    expect(failed.statusCode).toBe(500);
    const own = linesOf(failed.headers["x-request-id"]);
    expect(own.filter((line) => line.level === 50)).toEqual([expect.objectContaining({ msg: "request failed", err: expect.anything() })]);
    expect(own.filter((line) => line.msg === "request completed")).toEqual([expect.objectContaining({ level: 30, statusCode: 500 })]);
    // A health probe that fails is no longer quiet.
    const probe = await app.inject({ method: "GET", url: "/healthz" });
    expect(probe.statusCode).toBe(503);
    expect(linesOf(probe.headers["x-request-id"])).toEqual([expect.objectContaining({ level: 30, url: "/healthz", statusCode: 503 })]);
  });
});
