import http, { type IncomingMessage, type ServerResponse } from "node:http";
import net, { type Socket } from "node:net";
import type { FastifyServerFactory } from "fastify";
import { addressKey } from "./rate-limits";

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
 * The HTTP server, with the page cache at its door: `serve` answers an anonymous GET whose page is stored
 * straight away, without Fastify's routing, hooks and reply machinery (ADR 0015 measures what that saves).
 * Everything else goes to Fastify. Without a page cache (development, API-only tests) every request does.
 */
export function frontDoorServer({
  serve,
  timeouts,
  connectionsPerAddress = 0,
  leaving = () => false,
}: {
  /** Answers a request at the door; true when it did. */
  serve?: (request: IncomingMessage, response: ServerResponse) => boolean;
  /**
   * True once a stop has closed the listener (`stopListening`, ADR 0103): every answer then closes its
   * connection after it, so a proxy's kept-alive connections end one answered request at a time.
   */
  leaving?: () => boolean;
  timeouts: ServerTimeouts;
  /** Open connections one client address may hold (0: no cap, as behind a proxy, where all come from it). */
  connectionsPerAddress?: number;
}): FastifyServerFactory<http.Server> {
  return (handler) => {
    const server = http.createServer(
      { headersTimeout: timeouts.headersTimeout, requestTimeout: timeouts.requestTimeout, connectionsCheckingInterval: timeouts.checkEvery },
      (request, response) => {
        track(server, request, response);
        toOriginForm(request);
        if (leaving()) response.shouldKeepAlive = false;
        if (!serve?.(request, response)) handler(request, response);
      },
    );
    // What Fastify sets on a server it makes itself.
    server.keepAliveTimeout = timeouts.keepAliveTimeout;
    server.setTimeout(timeouts.connectionTimeout);
    // With a listener, every idle connection is this one's to close: quietly, or answering the request on it.
    server.on("timeout", (socket: Socket) => answerLate(socket, timeouts));
    if (connectionsPerAddress > 0) capConnections(server, connectionsPerAddress);
    return server;
  };
}

/** The request each connection is being answered, while it is: a time limit met meanwhile answers it. */
const inFlight = new WeakMap<Socket, { request: IncomingMessage; response: ServerResponse }>();

/** Servers being closed (`closingIdleConnections`): each connection ends as soon as its answer is out. */
const closing = new WeakSet<http.Server>();

function track(server: http.Server, request: IncomingMessage, response: ServerResponse) {
  const { socket } = request;
  inFlight.set(socket, { request, response });
  response.once("close", () => {
    if (inFlight.get(socket)?.response === response) inFlight.delete(socket);
    // Ended, not destroyed: what was written still reaches the client.
    if (closing.has(server) && !inFlight.has(socket)) socket.end();
  });
}

const seconds = (ms: number) => Math.round(ms / 1000);

/**
 * A connection that met a time limit: the idle limit (nothing either way for `connectionTimeout`), or, through
 * the `clientError` of Node's request timeouts, a request not all in by `requestTimeout` (`headCutOff`: or its
 * head by `headersTimeout`). Closed as before, but
 * a request on it not answered yet gets an answer first, rather than a dropped connection: 408 when the client
 * had not finished sending it (a slow upload), 503 when it had and the server took too long. Nothing of the
 * request is repeated (its target may hold an order link's key).
 */
export function answerLate(socket: Socket, timeouts: Pick<ServerTimeouts, "connectionTimeout" | "requestTimeout">, { headCutOff = false } = {}) {
  if (socket.destroyed) return;
  const current = inFlight.get(socket);
  // Idle with no request on it (a kept-alive connection between requests, one that never sent anything): closed
  // as Node closes it; and one whose answer has begun can only be cut off.
  if ((!current && !headCutOff) || current?.response.headersSent || !socket.writable) {
    socket.destroy();
    return;
  }
  const received = current?.request.complete === true;
  const status = received ? 503 : 408;
  const message = received
    ? "The server took too long to answer this request. Please try again in a minute."
    : `The request did not arrive in time: the server waits ${seconds(timeouts.connectionTimeout)} seconds for the next bytes and ${seconds(timeouts.requestTimeout)} seconds for the whole request. Check your connection and send it again; a smaller file goes faster.`;
  const body = JSON.stringify({ success: false, message });
  const headers: Record<string, string | number> = {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(body),
    "cache-control": "no-store",
    "x-content-type-options": "nosniff",
    connection: "close",
    ...(received ? { "retry-after": 60 } : {}),
  };
  if (current) {
    current.response.shouldKeepAlive = false;
    current.response.writeHead(status, headers).end(body, () => socket.destroy());
  } else {
    const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
    socket.end(`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n${head.join("")}\r\n${body}`);
    socket.destroySoon();
  }
}

/**
 * Fastify's `clientErrorHandler`: a request not all in by the request timeout is answered as `answerLate` says;
 * anything else Node could not read is answered in the API's shape, as Fastify did in its own.
 */
export function clientErrorAnswer(timeouts: Pick<ServerTimeouts, "connectionTimeout" | "requestTimeout">) {
  return (error: Error & { code?: string }, socket: Socket) => {
    if (error.code === "ECONNRESET" || socket.destroyed) return;
    if (error.code === "ERR_HTTP_REQUEST_TIMEOUT") {
      // Without a request in flight, it was the head that did not arrive in time.
      answerLate(socket, timeouts, { headCutOff: true });
      return;
    }
    const [status, message] =
      error.code === "HPE_HEADER_OVERFLOW" ? [431, "The request's headers are too large"] : [400, "The request could not be read"];
    const body = JSON.stringify({ success: false, message });
    if (socket.writable) {
      socket.write(
        `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
      );
    }
    socket.destroy();
  };
}

/**
 * The first step of a stop after the drain (ADR 0103): the listener closes, so new connections are refused
 * (a proxy safely tries another instance, even for a POST, and counts the refusal as a failure), while a
 * request on a connection already open is still answered. Resolves once every connection has ended, or
 * after `waitMs` with the idle ones closed and the rest (requests in flight) ended: a proxy that still
 * holds idle connections here has stopped sending to this instance after its first refused connection.
 * True when the connections ended on their own. Fastify's close comes after, with nothing left to cut.
 */
export async function stopListening(server: http.Server, waitMs: number): Promise<boolean> {
  // net's own close: http's would also close every idle kept-alive connection at once, under a proxy
  // that may be sending on one at that moment.
  const ended = new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()));
  let timer: NodeJS.Timeout | undefined;
  const emptied = await Promise.race([ended.then(() => true), new Promise<false>((resolve) => (timer = setTimeout(resolve, waitMs, false)))]);
  clearTimeout(timer);
  if (!emptied) {
    server.closeIdleConnections();
    await ended;
  }
  return emptied;
}

/**
 * Closes the server's idle connections now, and each other one as soon as its answer is out, until `done`
 * settles. http's close() ends only the connections idle at that moment: one whose answer was still being
 * written stayed open after it, kept alive for Keep-Alive's 72 s, and a stop waiting for the server to close
 * waited that long (past its 8 s grace). Only connections of a server made by `frontDoorServer` are followed.
 */
export async function closingIdleConnections<T>(server: http.Server, done: Promise<T>): Promise<T> {
  closing.add(server);
  server.closeIdleConnections();
  return done;
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
 * Refuses a connection beyond `max` open ones from its address (an IPv6 client's /64, as every per-address
 * limit counts), with a 503 and nothing read from it: one client trickling thousands of connections otherwise
 * took every socket the process may open.
 */
function capConnections(server: http.Server, max: number) {
  const open = new Map<string, number>();
  server.on("connection", (socket: Socket) => {
    const address = addressKey(socket.remoteAddress ?? "");
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
