import fs from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import send from "@fastify/send";
import type { FastifyBaseLogger } from "fastify";
import { answerHead, preferredCoding, weakEtag, writePage, type StoredPage } from "./page-cache";
import { answerAtTheDoor } from "./request-log";
import { securityHeaders } from "./security-headers";

/**
 * A file's Content-Type as @fastify/static sends it (its `send` names types with `mime`, UTF-8 for text, scripts and
 * JSON), or null for a compressed twin of another file or a type it cannot name: left to @fastify/static.
 */
function typeOf(file: string): string | null {
  if (/\.(?:br|gz)$/.test(file) && fs.existsSync(file.replace(/\.(?:br|gz)$/, ""))) return null;
  const type = send.mime.getType(file);
  if (!type) return null;
  return /^(?:text\/|application\/(?:javascript|json))/.test(type) ? `${type}; charset=utf-8` : type;
}

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
    const file = path.join(clientDir, relative);
    if (!fs.statSync(file).isFile()) continue;
    const type = typeOf(file);
    if (!type) continue;
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
    const chosen = copy ? { encoding: coding, body: copy } : { encoding: null, body: file.body };
    answerAtTheDoor(request, response, log(), (requestId) => writePage(request, response, file, chosen, requestId));
    return true;
  };
}
