import type { IncomingMessage, ServerResponse } from "node:http";
import underPressure from "@fastify/under-pressure";
import type { FastifyBaseLogger, FastifyInstance, FastifyReply } from "fastify";
import { BUSY_RETRY_AFTER_SECONDS } from "../../domain/order-limits/order-limits";
import { localeOfPath } from "../../domain/shared/locale";
import { busyPage } from "../../domain/shared/messages";
import { answerAtTheDoor } from "./request-log";
import { securityHeaders } from "./security-headers";

/**
 * Renders of storefront pages the cache does not hold, at most this many under way at once in an instance (more
 * than one only helps while a render waits for PostgreSQL: on one core the work itself is one after another).
 */
export const RENDERS_AT_ONCE = 4;

/**
 * Renders waiting for a place, at most: beyond them a page is answered at once with 503 and Retry-After rather
 * than queued (ADR 0125). A render takes a few milliseconds of a core, so the last of these waits well under a
 * second: a burst of shoppers after an admin's edit empties the cache waits its turn rather than being turned away.
 */
export const RENDERS_WAITING = 32;

/**
 * The event-loop delay (ms, the mean over a second) past which such renders are turned away whatever their
 * number: the backstop for when something else stalls the instance. High enough that a busy test machine or a
 * long garbage collection never trips it.
 */
export const SHED_EVENT_LOOP_DELAY_MS = 1000;

/** How often the count of pages turned away is handed on (to the database, for the admin's refusals banner). */
const COUNT_FLUSH_MS = 2_000;

/**
 * Places for renders: `atOnce` under way, and a line of at most `waiting` for the next free place. A place is given
 * at most once per turn of the event loop (from `setImmediate`), never within the turn that asked: a render runs
 * start to finish without yielding on SQLite, so places handed on at once would make the turn that read a crowd's
 * requests render them all back to back, and every other socket (a cached page, a checkout) would wait for the lot.
 */
export function createRenderLine({ atOnce, waiting }: { atOnce: number; waiting: number }) {
  let underWay = 0;
  const line: Array<() => void> = [];
  let scheduled = false;

  const handOn = () => {
    scheduled = false;
    if (underWay < atOnce && line.length > 0) {
      underWay++;
      line.shift()!();
    }
    if (underWay < atOnce && line.length > 0) schedule();
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(handOn);
  };

  return {
    /**
     * Whether a render asking now would be turned away: every place and the whole line are spoken for. Counted
     * together, as places are handed on between turns: while one turn reads a crowd's requests none is under way yet.
     */
    get full() {
      return underWay + line.length >= atOnce + waiting;
    },
    get underWay() {
      return underWay;
    },
    get waiting() {
      return line.length;
    },
    /**
     * Waits for a place (unless the line is full: then null at once); the place is held until `release`. `gone`
     * settles when the request is gone (its client hung up): a request still in line then leaves it (null).
     */
    take(gone: Promise<void>): Promise<{ release: () => void } | null> {
      if (this.full) return Promise.resolve(null);
      return new Promise((resolve) => {
        let released = false;
        const release = () => {
          if (released) return;
          released = true;
          underWay--;
          schedule();
        };
        const start = () => resolve({ release });
        line.push(start);
        schedule();
        void gone.then(() => {
          const at = line.indexOf(start);
          if (at === -1) return;
          line.splice(at, 1);
          resolve(null);
        });
      });
    },
  };
}

/**
 * The renders of shared pages (the same for every anonymous visitor: what the page cache keeps) an instance is
 * making, and whether it may take another: shared by the server's door, which turns a page away before Fastify
 * sees it (as cheaply as it serves a kept one), and the page route, which waits for a place for each render.
 */
export function createRenderGate({
  rendersAtOnce = RENDERS_AT_ONCE,
  rendersWaiting = RENDERS_WAITING,
  https,
}: {
  rendersAtOnce?: number;
  rendersWaiting?: number;
  https: boolean;
}) {
  const places = createRenderLine({ atOnce: rendersAtOnce, waiting: rendersWaiting });
  let shed = 0;
  let warnedAt = 0;
  let log: FastifyBaseLogger | undefined;
  let underPressureNow: () => number | null = () => null;
  const headers = {
    ...securityHeaders(https),
    "content-type": "text/plain; charset=utf-8",
    "cache-control": "no-store",
    "retry-after": String(BUSY_RETRY_AFTER_SECONDS),
  };

  /** Why a render may not wait for a place now, or null when it may. */
  const busy = (): string | null => {
    if (places.full) return `${places.underWay} renders under way and ${places.waiting} waiting`;
    const delay = underPressureNow();
    return delay === null ? null : `event-loop delay ${Math.round(delay)} ms`;
  };

  /** Counts one turned away, warning once a minute at most (a flood would otherwise write a line per refusal). */
  const count = (why: string) => {
    shed++;
    const now = Date.now();
    if (log && now - warnedAt > 60_000) {
      warnedAt = now;
      log.warn(`busy: turning away renders of pages the cache does not hold (${why}); cached pages, checkout and the admin go on`);
    }
  };

  const words = (url: string) => busyPage[localeOfPath(url.split("?")[0]!)](BUSY_RETRY_AFTER_SECONDS);

  return {
    /** Renders under way and waiting now, and the most of each. */
    get renders() {
      return { underWay: places.underWay, waiting: places.waiting, atOnce: rendersAtOnce, waitingAtMost: rendersWaiting };
    },

    /** Whether a render of a shared page would be turned away now. */
    get busy() {
      return busy() !== null;
    },

    /** At the server's door, for a shared page the cache does not hold while the instance is busy: answers it 503. */
    turnAwayAtTheDoor(request: IncomingMessage, response: ServerResponse) {
      count(busy() ?? "busy");
      const body = words(request.url ?? "/");
      answerAtTheDoor(request, response, log, (requestId) => {
        response.writeHead(503, { ...headers, "x-request-id": requestId, "content-length": Buffer.byteLength(body) }).end(body);
        return 503;
      });
    },

    /**
     * In the page route, for a shared page: waits for a place for its render, given back when the answer is out
     * (compression included), or answers it 503 when the instance is busy: false when it was turned away (or its
     * client left while it waited).
     */
    async admit(reply: FastifyReply): Promise<boolean> {
      const why = busy();
      let left = false;
      const gone = new Promise<void>((resolve) => reply.raw.once("close", () => ((left = true), resolve())));
      const place = why ? null : await places.take(gone);
      if (!place) {
        // Nobody to answer: the request is dropped as Node dropped its connection.
        if (left) {
          reply.hijack();
          return false;
        }
        count(why ?? "the line of renders is full");
        void reply.headers(headers).status(503).send(words(reply.request.url));
        return false;
      }
      reply.raw.once("close", place.release);
      return true;
    },

    /**
     * Starts the event-loop delay signal in the pages' scope (@fastify/under-pressure) and the count's hand-over:
     * `onShed` is told how many were turned away every few seconds while there are any, and once more at close.
     */
    async register(pages: FastifyInstance, { onShed }: { onShed: (count: number) => Promise<void> }) {
      log = pages.log;
      await pages.register(underPressure, {
        maxEventLoopDelay: SHED_EVENT_LOOP_DELAY_MS,
        sampleInterval: 1000,
        // Every request goes on as if nothing happened: only renders of shared pages are ever turned away, and
        // those ask `busy` (the plugin's own answer would turn away checkouts and admins too).
        pressureHandler: () => undefined,
      });
      underPressureNow = () => {
        // Infinity when a whole sample passed without the loop turning once (a start's or a stop's own work): not
        // a crowd, so not a reason to turn shoppers away.
        const { eventLoopDelay } = pages.memoryUsage();
        return Number.isFinite(eventLoopDelay) && eventLoopDelay > SHED_EVENT_LOOP_DELAY_MS ? eventLoopDelay : null;
      };
      const flush = async () => {
        if (shed === 0) return;
        const counted = shed;
        shed = 0;
        await onShed(counted).catch((error: unknown) => {
          // Counted again next time: a count the database could not take is not lost.
          shed += counted;
          pages.log.warn({ err: error }, "could not count the pages turned away while busy");
        });
      };
      const timer = setInterval(() => void flush(), COUNT_FLUSH_MS).unref();
      pages.addHook("onClose", async () => {
        clearInterval(timer);
        await flush();
      });
    },
  };
}

export type RenderGate = ReturnType<typeof createRenderGate>;
