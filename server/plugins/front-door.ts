import http, { type IncomingMessage, type ServerResponse } from "node:http";
import net, { type Socket } from "node:net";
import type { FastifyServerFactory } from "fastify";

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
        toOriginForm(request);
        if (leaving()) response.shouldKeepAlive = false;
        if (!serve?.(request, response)) handler(request, response);
      },
    );
    // What Fastify sets on a server it makes itself.
    server.keepAliveTimeout = timeouts.keepAliveTimeout;
    server.setTimeout(timeouts.connectionTimeout);
    if (connectionsPerAddress > 0) capConnections(server, connectionsPerAddress);
    return server;
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
