import { Writable } from "node:stream";
import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { OneLinePerRequest } from "./request-log";

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
  const app = Fastify({ logger: { level: "info", stream }, logController: new OneLinePerRequest() });
  app.get("/prices", async () => "ok");
  app.get("/broken", async () => {
    throw new Error("the database is gone");
  });
  return { app, lines };
}

describe("request log", () => {
  it("writes one line per request, when it ends, with the method, URL, status and time", async () => {
    const { app, lines } = appLogging();
    await app.inject({ method: "GET", url: "/prices?q=vpn" });
    await app.close();
    const requestLines = lines.filter((line) => line.reqId !== undefined);
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatchObject({ msg: "request completed", req: { method: "GET", url: "/prices?q=vpn" }, res: { statusCode: 200 } });
    expect(requestLines[0]!.responseTime).toEqual(expect.any(Number));
  });

  it("still logs a failed request with its error", async () => {
    const { app, lines } = appLogging();
    await app.inject({ method: "GET", url: "/broken" });
    await app.close();
    expect(lines.some((line) => line.level === 50 && JSON.stringify(line).includes("the database is gone"))).toBe(true);
  });
});
