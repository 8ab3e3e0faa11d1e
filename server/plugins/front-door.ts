import { randomUUID } from "node:crypto";
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { FastifyBaseLogger, FastifyReply, FastifyRequest, FastifyServerFactory } from "fastify";
import { answerKey, pickEncoding, type AnswerCache, type CachedAnswer } from "./answer-cache";

/** Levels at which a completed request is logged (as Fastify logs it at info). */
const LOGGED_LEVELS = new Set(["info", "debug", "trace"]);

export interface ServerTimeouts {
  connectionTimeout: number;
  requestTimeout: number;
  keepAliveTimeout: number;
  /** Until the whole head of a request is in; a client trickling header lines is cut off at this. */
  headersTimeout: number;
  /**
   * How often Node looks for requests past their time: a request is cut off up to this much later.
   * Node's default (30 s) let a trickling client hold a "30 s" connection for up to a minute.
   */
  checkEvery: number;
}

/**
 * The HTTP server, with the answer cache at its door: an anonymous GET whose answer is cached gets the
 * stored bytes straight away, without Fastify's routing, hooks and reply machinery, which cost several
 * times the write itself (bench/RESULTS.md). Everything else goes to Fastify, which also fills the cache.
 * A visitor carrying a session cookie always goes in: admins never get a cached answer; so does a call from
 * another site's page (it names an Origin that is not this host), whose answer carries CORS headers that kept answers lack. Without a cache
 * (development, API-only tests) every request goes to Fastify.
 */
export function frontDoorServer(
  answers: AnswerCache | null,
  {
    sessionCookieNames,
    timeouts,
    log,
    connectionsPerAddress = 0,
  }: {
    sessionCookieNames: readonly string[];
    timeouts: ServerTimeouts;
    log: () => FastifyBaseLogger | undefined;
    /** Open connections one client address may hold (0: no cap, as behind a proxy, where all come from it). */
    connectionsPerAddress?: number;
  },
): FastifyServerFactory<http.Server> {
  const signedIn = new RegExp(`(?:^|;)\\s*(?:${sessionCookieNames.join("|")})=`);
  return (handler) => {
    const server = http.createServer(
      { headersTimeout: timeouts.headersTimeout, requestTimeout: timeouts.requestTimeout, connectionsCheckingInterval: timeouts.checkEvery },
      (request, response) => {
        toOriginForm(request);
        if (!serveFromCache(request, response)) handler(request, response);
      },
    );
    // What Fastify sets on a server it makes itself.
    server.keepAliveTimeout = timeouts.keepAliveTimeout;
    server.setTimeout(timeouts.connectionTimeout);
    if (connectionsPerAddress > 0) capConnections(server, connectionsPerAddress);
    return server;
  };

  function serveFromCache(request: IncomingMessage, response: ServerResponse): boolean {
    // Another site's call: the router answers it, with its CORS headers.
    if (!answers || answers.size === 0 || request.method !== "GET" || fromAnotherOrigin(request)) return false;
    const cookie = request.headers.cookie;
    if (cookie !== undefined && signedIn.test(cookie)) return false;
    const answer = answers.get(answerKey(request));
    // Not kept, or its compressed copy is still being made: the router answers (and compresses) this one.
    const chosen = answer && pickEncoding(answer, request.headers["accept-encoding"]);
    if (!answer || !chosen) return false;
    const started = performance.now();
    const requestId = randomUUID();
    const status = sendAnswer(request, response, answer, chosen, requestId, "hit");
    const logger = log();
    if (logger && LOGGED_LEVELS.has(logger.level)) {
      logger.info({ reqId: requestId, req: { method: request.method, url: request.url }, res: { statusCode: status }, responseTime: performance.now() - started }, "request completed from the answer cache");
    }
    return true;
  }
}

/**
 * Writes a kept answer (or its 304) as the router would, in the encoding `pickEncoding` chose for the
 * request; the status sent.
 */
export function sendAnswer(
  request: IncomingMessage,
  response: ServerResponse,
  answer: CachedAnswer,
  { encoding, body }: { encoding: "br" | "gzip" | null; body: Buffer },
  requestId: string,
  state: "hit" | "miss",
): number {
  // One writeHead with a flat list, and no setHeader before it: Node's quickest way to write headers.
  const head = [...answer.headerList, "x-request-id", requestId, "x-page-cache", state, "vary", "accept-encoding, origin"];
  if (request.headers["if-none-match"] === answer.etag) {
    response.writeHead(304, head).end();
    return 304;
  }
  if (encoding) head.push("content-encoding", encoding);
  head.push("content-length", String(body.length));
  response.writeHead(200, head).end(body);
  return 200;
}

/**
 * A kept answer from a route: written as the front door writes it when its encoding is at hand, otherwise
 * through the reply, so the compression plugin makes this one copy on the fly.
 */
export function replyWithAnswer(request: FastifyRequest, reply: FastifyReply, answer: CachedAnswer, state: "hit" | "miss") {
  const chosen = pickEncoding(answer, request.headers["accept-encoding"]);
  if (chosen) {
    reply.hijack();
    sendAnswer(request.raw, reply.raw, answer, chosen, request.id, state);
    return reply;
  }
  reply.headers(answer.headers).header("x-page-cache", state).header("vary", "accept-encoding, origin");
  if (request.headers["if-none-match"] === answer.etag) return reply.code(304).send();
  return reply.send(answer.body);
}

/**
 * An absolute-form target (`GET http://shop.example/prices HTTP/1.1`), which HTTP/1.1 servers must accept,
 * becomes the origin form every other part of the server expects, and its authority the Host (RFC 9112
 * §3.2.2: the Host header is then ignored). Left as it was, the router saw the whole URL as a path.
 */
export function toOriginForm(request: IncomingMessage) {
  const url = request.url ?? "";
  const absolute = /^https?:\/\/([^/?#]*)([^#]*)/i.exec(url);
  if (!absolute) return;
  request.headers.host = absolute[1];
  const rest = absolute[2]!;
  request.url = rest.startsWith("/") ? rest : `/${rest}`;
}

const TOO_MANY_CONNECTIONS =
  "HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\nRetry-After: 30\r\nContent-Length: 71\r\n\r\nToo many open connections from your address. Please try again shortly.\n";

/**
 * Refuses a connection beyond `max` open ones from its address, with a 503 and nothing read from it: one
 * client trickling thousands of connections otherwise took every socket the process may open.
 */
function capConnections(server: http.Server, max: number) {
  const open = new Map<string, number>();
  server.on("connection", (socket: Socket) => {
    const address = socket.remoteAddress ?? "";
    const count = (open.get(address) ?? 0) + 1;
    if (count > max) {
      socket.end(TOO_MANY_CONNECTIONS);
      socket.destroySoon();
      return;
    }
    open.set(address, count);
    socket.once("close", () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}

/**
 * Whether a request names an Origin other than the host it was sent to: a call from another site's page,
 * whose answer needs CORS headers. Browsers send no Origin on a same-origin GET; a client that names this
 * host anyway is the shop's own.
 */
export function fromAnotherOrigin(request: IncomingMessage): boolean {
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  try {
    return new URL(origin).host !== request.headers.host;
  } catch {
    return true;
  }
}
