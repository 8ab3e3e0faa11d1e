import { randomUUID } from "node:crypto";
import fs from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import type { FastifyBaseLogger } from "fastify";
import { answerHead, preferredCoding, weakEtag, writePage, type StoredPage } from "./page-cache";
import { bytesSent, logAccess, roundMs } from "./request-log";
import { securityHeaders } from "./security-headers";

/** The types of the files a browser build holds, as @fastify/static names them; a file of another type is left to it. */
const TYPES: Readonly<Record<string, string>> = {
  ".js": "application/javascript; charset=utf-8",
  ".mjs": "application/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".webp": "image/webp",
  ".jpg": "image/jpeg",
  ".woff2": "font/woff2",
  ".json": "application/json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
};

/** How long a browser keeps a file of the build: hashed assets for good, the rest (pictures by name) an hour. */
export function cacheControlOfBuiltFile(relativePath: string): string {
  return relativePath.split(path.sep).join("/").startsWith("assets/")
    ? "public, max-age=31536000, immutable"
    : "public, max-age=3600, stale-while-revalidate=86400";
}

/**
 * The browser build's files by URL path, read once: each with the .br and .gz twins scripts/compress-assets.mjs
 * leaves beside it, and the head of every answer made of it built ahead, as the page cache keeps a page.
 */
export function readBuiltFiles(clientDir: string, { https }: { https: boolean }): Map<string, StoredPage> {
  const files = new Map<string, StoredPage>();
  for (const relative of fs.readdirSync(clientDir, { recursive: true, encoding: "utf8" })) {
    const type = TYPES[path.extname(relative)];
    const file = path.join(clientDir, relative);
    if (!type || !fs.statSync(file).isFile()) continue;
    const body = fs.readFileSync(file);
    const twin = (suffix: string) => (fs.existsSync(file + suffix) ? fs.readFileSync(file + suffix) : undefined);
    const encoded = { br: twin(".br"), gzip: twin(".gz") };
    const etag = weakEtag(body);
    const headers = {
      ...securityHeaders(https),
      "content-type": type,
      "cache-control": cacheControlOfBuiltFile(relative),
      "accept-ranges": "bytes",
      etag,
    };
    const head = (tail: string[]) => answerHead(headers, tail, { fromTheCache: false });
    const heads: StoredPage["heads"] = { identity: head(["content-length", String(body.length)]), notModified: head([]) };
    for (const coding of ["br", "gzip"] as const) {
      const copy = encoded[coding];
      if (copy) heads[coding] = head(["content-encoding", coding, "content-length", String(copy.length)]);
    }
    files.set(`/${relative.split(path.sep).join("/")}`, { headers, heads, body, encoded, etag });
  }
  return files;
}

/**
 * The browser build's files at the server's door, from memory (ADR 0125): a file read from disk costs a round trip
 * to the thread pool for each step (its stat, open, read, close), and each waits for a turn of the event loop, which
 * on a busy instance is long. A request Fastify must see goes on to @fastify/static, which also serves the build:
 * another site's (CORS), a byte range, a path spelled otherwise. True when it served the request.
 */
export function builtFilesDoor(files: ReadonlyMap<string, StoredPage>, { log }: { log: () => FastifyBaseLogger | undefined }) {
  return function serve(request: IncomingMessage, response: ServerResponse): boolean {
    if ((request.method !== "GET" && request.method !== "HEAD") || request.headers.origin !== undefined || request.headers.range !== undefined)
      return false;
    const url = request.url ?? "/";
    const query = url.indexOf("?");
    const file = files.get(query === -1 ? url : url.slice(0, query));
    if (!file) return false;
    const acceptEncoding = request.headers["accept-encoding"];
    const coding = acceptEncoding ? preferredCoding(acceptEncoding) : null;
    const copy = coding ? file.encoded[coding] : undefined;
    const started = performance.now();
    const requestId = randomUUID();
    const statusCode = writePage(request, response, file, copy ? { encoding: coding, body: copy } : { encoding: null, body: file.body }, requestId);
    const logger = log();
    if (logger) {
      logAccess(logger, {
        reqId: requestId,
        method: request.method,
        url,
        statusCode,
        responseTime: roundMs(performance.now() - started),
        bytes: bytesSent(request, response),
      });
    }
    return true;
  };
}
