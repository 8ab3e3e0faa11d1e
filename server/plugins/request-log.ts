import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import os from "node:os";
import { LogController, type FastifyBaseLogger, type FastifyReply, type FastifyRequest } from "fastify";
import pino, { type DestinationStream } from "pino";
import { withoutLinkKeys } from "../../domain/customer-links/customer-page";

/**
 * A request as a log line that names one shows it (an error's, a warning's), its target without an order link's
 * key or a customer link's: each opens a shopper's page, so it is kept out of the logs (ADR 0075, 0104).
 */
export function loggedRequest(request: Partial<Pick<FastifyRequest, "method" | "url" | "host" | "ip">> & { socket?: { remotePort?: number } }) {
  return {
    method: request.method,
    url: withoutLinkKeys(request.url ?? ""),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** Where the server's log lines go, and how to write out what is still held. */
export interface LogOutput {
  stream: DestinationStream;
  /** Writes every line still held, and every later one at once: the server has closed. */
  close(): void;
}

/** pino's number for `warn`: from it on a line is written at once. */
const WARN = 40;
/** Lines are held at most this long… */
const HOLD_MS = 100;
/** …or until this many characters are held. */
const HOLD_CHARS = 16 * 1024;
/**
 * sonic-boom's largest single write (its own default is 16 KB): its next waits for the last to finish, a turn of the
 * event loop later, so on a busy instance whose turns are long 16 KB a turn fell behind a flood's access lines, and
 * what waited grew without end (ADR 0125). What piles up in a turn goes out in one write.
 */
const WRITE_AT_MOST = 256 * 1024;
/** Log bytes waiting for standard output, at most: lines beyond them are dropped, counted, and said once a minute. */
const WAITING_AT_MOST = 16 * 1024 * 1024;

/**
 * Standard output as the log (ADR 0102). Lines below `warn` (access lines above all) are held and handed to pino's
 * asynchronous destination together, every 100 ms or every 16 KB: one write, made off the event loop, for a
 * hundred access lines, where a write per line (pino's synchronous destination, as before) or per turn of the loop
 * cost the server a third of a cached page's time. Warnings and errors are written at once, each on its own
 * synchronous write, so a process that dies just after one has written it; one can come out ahead of access
 * lines logged just before it. What is still held is written when the server closes and when the process exits.
 */
export function stdoutLog(fd = 1): LogOutput {
  const batched = pino.destination({ dest: fd, sync: false, maxWrite: WRITE_AT_MOST, maxLength: WAITING_AT_MOST });
  const immediate = pino.destination({ dest: fd, sync: true });
  let dropped = 0;
  let droppedSaidAt = 0;
  batched.on("drop", (lines: string) => {
    dropped += lines.split("\n").length - 1;
    const now = Date.now();
    if (now - droppedSaidAt < 60_000) return;
    droppedSaidAt = now;
    const msg = `standard output is not taking the log as fast as it is written: ${dropped} access lines dropped so far`;
    immediate.write(`${JSON.stringify({ level: WARN, time: now, pid: process.pid, hostname: os.hostname(), msg })}\n`);
  });
  let held: string[] = [];
  let heldChars = 0;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;
  const writeHeld = () => {
    clearTimeout(timer);
    timer = undefined;
    if (held.length === 0) return;
    const lines = held.join("");
    held = [];
    heldChars = 0;
    batched.write(lines);
  };
  const writeAll = () => {
    writeHeld();
    try {
      batched.flushSync();
    } catch {
      // Standard output is gone (a closed pipe): nothing more can be written there.
    }
  };
  process.once("exit", writeAll);
  const stream: DestinationStream & { [pino.symbols.needsMetadataGsym]: true; lastLevel: number } = {
    [pino.symbols.needsMetadataGsym]: true,
    // Set by pino before each write.
    lastLevel: 0,
    write(line: string) {
      if (this.lastLevel >= WARN || closed) return void immediate.write(line);
      held.push(line);
      heldChars += line.length;
      if (heldChars >= HOLD_CHARS) writeHeld();
      // Unref'd: held lines never keep the process alive; they are written at its exit.
      else timer ??= setTimeout(writeHeld, HOLD_MS).unref();
    },
  };
  return {
    stream,
    close() {
      closed = true;
      writeAll();
      process.removeListener("exit", writeAll);
    },
  };
}

// Hashed build files and health probes: many per visit or per few seconds, and each says nothing when it succeeds.
const QUIET_PATH = /^\/(?:assets\/|(?:healthz|readyz)(?:\?|$))/;

/** Whether a request's access line is written at `debug` rather than `info` when it succeeds. */
export function isQuietPath(url: string): boolean {
  return QUIET_PATH.test(url);
}

/** Levels at which a quiet request's line is written. */
const WRITES_DEBUG = new Set(["debug", "trace"]);

/** The connection's byte count when its last answer was logged. */
const COUNTED = Symbol("bytes counted");

/**
 * Bytes the answer wrote to its connection, head and body (nginx's `$bytes_sent`): the connection's count since its
 * previous answer. Without a connection (`app.inject` in tests), the answer's Content-Length.
 */
export function bytesSent(request: IncomingMessage, response: ServerResponse): number | undefined {
  const socket = request.socket as (IncomingMessage["socket"] & { [COUNTED]?: number }) | null;
  const total = socket?.bytesWritten;
  if (typeof total !== "number") {
    const length = Number(response.getHeader("content-length"));
    return Number.isFinite(length) ? length : undefined;
  }
  const bytes = total - (socket![COUNTED] ?? 0);
  socket![COUNTED] = total;
  return bytes;
}

/** One access line: what a person reading the log needs of a request, flat, so it costs little to write. */
export interface AccessLine {
  reqId?: string;
  method: string;
  /** The target without an order link's key (ADR 0097). */
  url: string;
  statusCode: number;
  /** Milliseconds, to the hundredth. */
  responseTime: number;
  bytes: number | undefined;
  /** `hit` when the page cache answered at the server's door (ADR 0015). */
  pageCache?: "hit";
}

export const roundMs = (ms: number) => Math.round(ms * 100) / 100;

/**
 * Writes a request's access line (`request completed`): at `info`, or at `debug` for a hashed asset or a health
 * probe that succeeded. The caller has left the order key out of `url` already.
 */
export function logAccess(log: FastifyBaseLogger, line: AccessLine) {
  if (line.statusCode < 400 && isQuietPath(line.url)) log.debug(line, "request completed");
  else log.info(line, "request completed");
}

/**
 * An answer made at the server's door, before Fastify (a stored page, a built file, a busy instance's 503), with the
 * access line Fastify would write for it: `write` sends it under the request id it is given and returns its status.
 */
export function answerAtTheDoor(
  request: IncomingMessage,
  response: ServerResponse,
  log: FastifyBaseLogger | undefined,
  write: (requestId: string) => number,
  mark: Pick<AccessLine, "pageCache"> = {},
) {
  const started = performance.now();
  const requestId = randomUUID();
  const statusCode = write(requestId);
  if (!log) return;
  logAccess(log, {
    reqId: requestId,
    method: request.method ?? "GET",
    url: withoutLinkKeys(request.url ?? "/"),
    statusCode,
    responseTime: roundMs(performance.now() - started),
    bytes: bytesSent(request, response),
    ...mark,
  });
}

/**
 * One access line per request Fastify answers, when it ends (the page cache's door writes its own, the same):
 * Fastify's default writes a second one ("incoming request") before it, and a third for a route not found, and
 * its lines carry the whole request and reply through serializers (ADR 0015, 0102).
 */
export class AccessLog extends LogController {
  override incomingRequest() {}

  // The access line says 404.
  override routeNotFound() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const log = reply.log;
    // As asked for: the page cache renders a page for a target without the parameters it does not read.
    const url = request.originalUrl;
    const quiet = reply.statusCode < 400 && !error && isQuietPath(url);
    // Still counted, so the next answer on the connection does not count this one's bytes.
    const bytes = bytesSent(request.raw, reply.raw);
    if (quiet && !WRITES_DEBUG.has(log.level)) return;
    const line: AccessLine = {
      method: request.method,
      url: withoutLinkKeys(url),
      statusCode: reply.statusCode,
      responseTime: roundMs(reply.elapsedTime),
      bytes,
    };
    if (error) log.error({ ...line, err: error }, "request errored");
    else logAccess(log, line);
  }
}
