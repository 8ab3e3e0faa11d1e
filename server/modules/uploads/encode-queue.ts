import { RetryLater } from "../../errors";

/**
 * Image encodes at once in this process, and how many may wait for one: decoding and re-encoding a picture
 * holds its pixels several times over (three 4-megapixel QR codes at once took the server to about half a
 * gigabyte, and larger photos more), and sharp spreads one encode over every core anyway. What is capped is
 * this process's own memory, so the count is this process's too.
 */
export const ENCODES_AT_ONCE = 1;
export const ENCODES_WAITING = 2;
/** The longest an upload waits for its turn; with the encode's own limit it stays inside the connection's idle limit. */
export const ENCODE_WAIT_MS = 5_000;
/** When a refused upload may try again: about one encode's time. */
export const ENCODE_RETRY_AFTER_SECONDS = 10;

export const BUSY_MESSAGE = `The server is busy with other images just now. Please upload this one again in ${ENCODE_RETRY_AFTER_SECONDS} seconds.`;

/**
 * Runs encodes `atOnce` at a time; up to `waiting` more wait in line, each at most `waitMs`. Beyond that, or
 * after waiting that long, a 503 with Retry-After: the admin is told to try again, rather than the server
 * swelling or the connection's idle limit cutting the upload off.
 */
export function createEncodeQueue({ atOnce = ENCODES_AT_ONCE, waiting = ENCODES_WAITING, waitMs = ENCODE_WAIT_MS } = {}) {
  let running = 0;
  const line: Array<() => void> = [];
  const busy = () => new RetryLater(503, BUSY_MESSAGE, ENCODE_RETRY_AFTER_SECONDS);

  /** Its turn: now, or when one running hands its place over (never taken by a newcomer in between). */
  function turn(): Promise<void> {
    if (running < atOnce) {
      running++;
      return Promise.resolve();
    }
    if (line.length >= waiting) return Promise.reject(busy());
    return new Promise((resolve, reject) => {
      const start = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        line.splice(line.indexOf(start), 1);
        reject(busy());
      }, waitMs);
      line.push(start);
    });
  }

  function done() {
    const next = line.shift();
    if (next) next();
    else running--;
  }

  return {
    async run<T>(work: () => Promise<T>): Promise<T> {
      await turn();
      try {
        return await work();
      } finally {
        done();
      }
    },
    /** Encodes running and waiting, for tests and the log. */
    load: () => ({ running, waiting: line.length }),
  };
}
export type EncodeQueue = ReturnType<typeof createEncodeQueue>;
