import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builtFilesDoor, readBuiltFiles } from "./built-files";

const script = `console.log(${JSON.stringify("पसल ".repeat(400))});`;
let dir: string;
let server: http.Server;
let base: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "pasal-built-"));
  fs.mkdirSync(path.join(dir, "assets"));
  fs.mkdirSync(path.join(dir, "images"));
  fs.writeFileSync(path.join(dir, "assets", "entry-Ab12.js"), script);
  fs.writeFileSync(path.join(dir, "assets", "entry-Ab12.js.br"), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(dir, "assets", "entry-Ab12.js.gz"), zlib.gzipSync(script));
  fs.writeFileSync(path.join(dir, "images", "logo.png"), Buffer.alloc(2048, 7));
  fs.writeFileSync(path.join(dir, "images", "notes.unnamed"), "of a type mime cannot name");
  const serve = builtFilesDoor(readBuiltFiles(dir, { https: false }), { log: () => undefined });
  // What the door leaves goes on to Fastify, here a teapot.
  server = http.createServer((request, response) => void (serve(request, response) || response.writeHead(418).end()));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

/** An answer as sent, undecoded (fetch would unpack a compressed one). */
function get(url: string, headers: Record<string, string> = {}, method = "GET") {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .request(base + url, { method, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject)
      .end();
  });
}

describe("the build's files at the server's door", () => {
  it("serves a hashed asset's brotli or gzip twin, or its bytes, with the headers of a file kept for good", async () => {
    const br = await get("/assets/entry-Ab12.js", { "accept-encoding": "gzip, deflate, br" });
    expect(br.status).toBe(200);
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(script);
    expect(br.headers).toMatchObject({
      "content-encoding": "br",
      "content-type": "application/javascript; charset=utf-8",
      "cache-control": "public, max-age=31536000, immutable",
      vary: "accept-encoding, origin",
      "x-content-type-options": "nosniff",
      "content-length": String(br.body.length),
    });
    expect(br.headers["x-request-id"]).toMatch(/^[0-9a-f-]{36}$/);
    expect(br.headers["x-page-cache"]).toBeUndefined();

    const gzip = await get("/assets/entry-Ab12.js?v=2", { "accept-encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(script);
    const plain = await get("/assets/entry-Ab12.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    // One validator for every coding, from the bytes (the same on every instance, whatever the files' times).
    expect(new Set([br, gzip, plain].map((answer) => answer.headers.etag)).size).toBe(1);
  });

  it("answers a browser's revalidation 304 and a HEAD without a body", async () => {
    const { headers } = await get("/assets/entry-Ab12.js");
    const again = await get("/assets/entry-Ab12.js", { "if-none-match": headers.etag! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const head = await get("/assets/entry-Ab12.js", { "accept-encoding": "br" }, "HEAD");
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    expect(head.headers["content-encoding"]).toBe("br");
  });

  it("serves a picture without twins as it is, for an hour", async () => {
    const logo = await get("/images/logo.png", { "accept-encoding": "br" });
    expect(logo.headers).toMatchObject({ "content-type": "image/png", "cache-control": "public, max-age=3600, stale-while-revalidate=86400" });
    expect(logo.headers["content-encoding"]).toBeUndefined();
    expect(logo.body).toEqual(Buffer.alloc(2048, 7));
  });

  it("leaves to Fastify a byte range, another site's call, a write, a file it does not hold and one of another type", async () => {
    expect((await get("/assets/entry-Ab12.js", { range: "bytes=0-9" })).status).toBe(418);
    expect((await get("/assets/entry-Ab12.js", { origin: "https://example.com" })).status).toBe(418);
    expect((await get("/assets/entry-Ab12.js", {}, "POST")).status).toBe(418);
    expect((await get("/assets/entry-Zz99.js")).status).toBe(418);
    expect((await get("/assets/entry-Ab12.js.br")).status).toBe(418);
    expect((await get("/images/notes.unnamed")).status).toBe(418);
    expect((await get("/assets/entry-Ab12.js.gz")).status).toBe(418);
    expect((await get("/assets/%65ntry-Ab12.js")).status).toBe(418);
  });
});
