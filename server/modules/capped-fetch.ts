/**
 * Answers from other servers (payment gateways, Telegram's Bot API) read with a size cap and a time cap, as a
 * stream (ADR 0117): a server that sends without end, or very slowly, costs at most the cap in memory
 * and the time limit in waiting, then the connection is closed. A Content-Length may be missing or false, so the
 * bytes are counted as they come.
 */

/** The answer passed its size cap: reading stopped there and the connection was closed. */
export class AnswerTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`sent more than ${Math.round(maxBytes / 1024)} KB`);
    this.name = "AnswerTooLarge";
  }
}

/** The answer, headers and body, did not come within its time limit. */
export class AnswerTooSlow extends Error {
  constructor(readonly timeoutMs: number) {
    super(`did not answer within ${timeoutMs} ms`);
    this.name = "AnswerTooSlow";
  }
}

/** The body of `response`, read as it comes; past `maxBytes` reading stops, the connection closes and AnswerTooLarge is thrown. */
async function readCapped(response: Response, maxBytes: number): Promise<Buffer<ArrayBuffer>> {
  if (!response.body) return Buffer.alloc(0);
  const reader = response.body.getReader();
  if (Number(response.headers.get("content-length") ?? 0) > maxBytes) {
    await reader.cancel().catch(() => {});
    throw new AnswerTooLarge(maxBytes);
  }
  const chunks: Uint8Array[] = [];
  let length = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    length += value.length;
    if (length > maxBytes) {
      // Closes the connection rather than draining the rest.
      await reader.cancel().catch(() => {});
      throw new AnswerTooLarge(maxBytes);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks, length);
}

/**
 * fetch whose whole answer, headers and body, comes within `timeoutMs` and holds at most `maxBytes`; else
 * AnswerTooSlow or AnswerTooLarge (other failures are fetch's own). A timer of our own rather than
 * AbortSignal.timeout: Node holds that signal weakly, and a collected one never aborts a body that stopped coming
 * (see the trending service).
 */
export async function fetchCapped(
  url: string,
  init: RequestInit,
  limits: { timeoutMs: number; maxBytes: number },
): Promise<{ status: number; ok: boolean; body: Buffer }> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new AnswerTooSlow(limits.timeoutMs)), limits.timeoutMs);
  try {
    const response = await fetch(url, { ...init, signal: controller.signal });
    return { status: response.status, ok: response.ok, body: await readCapped(response, limits.maxBytes) };
  } catch (error) {
    throw controller.signal.aborted ? controller.signal.reason : error;
  } finally {
    clearTimeout(timer);
  }
}

/** Statuses whose answer may have no body (the Fetch standard refuses one). */
const NO_BODY = new Set([101, 204, 205, 304]);

/**
 * A fetch for a client that takes one (grammY's `fetch` option): the answer's body is read ahead, at most
 * `maxBytes`, and handed back whole. The caller's signal (grammY's own time limit) still aborts it, reading
 * included; grammY hands one of the abort-controller package's, which is tied to one of Node's here.
 */
export function cappedFetch(maxBytes: number): typeof fetch {
  return async (input, init) => {
    const controller = new AbortController();
    const given = init?.signal ?? undefined;
    const abort = () => controller.abort(given?.reason);
    if (given?.aborted) abort();
    else given?.addEventListener("abort", abort, { once: true });
    try {
      const response = await fetch(input, { ...init, signal: controller.signal });
      const body = await readCapped(response, maxBytes);
      return new Response(NO_BODY.has(response.status) ? null : body, {
        status: response.status,
        statusText: response.statusText,
        headers: response.headers,
      });
    } finally {
      given?.removeEventListener("abort", abort);
    }
  };
}
