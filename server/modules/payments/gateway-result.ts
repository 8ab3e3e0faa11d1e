import { AnswerTooLarge, AnswerTooSlow, fetchCapped } from "../capped-fetch";

/** What a gateway's lookup or status check says about one payment, in our terms. */
export type GatewayCheck = {
  state: "paid" | "pending" | "failed" | "expired" | "canceled" | "refunded";
  /** NPR the gateway says was paid; null when its answer does not say. */
  amount: number | null;
  transactionId: string | null;
  /** The gateway's reference the answer is about (pidx, transaction_uuid, prn). */
  reference: string | null;
  /** The gateway's own words, for the seller. */
  detail: string;
};

/** The gateway did not answer, answered late, or answered something we cannot read: nothing is decided. */
export class GatewayError extends Error {}

/**
 * A gateway's answers are a few hundred bytes; one more than this is not an answer (a 256 MB one, read whole,
 * held the server at 989 MB; ADR 0117).
 */
const GATEWAY_MAX_ANSWER_BYTES = 256 * 1024;

/**
 * JSON from a gateway, all of it within `timeoutMs` and `GATEWAY_MAX_ANSWER_BYTES`, read as it comes; a
 * GatewayError for anything else, a too large or too slow answer included. `okStatuses` beyond 2xx are read too.
 */
export async function gatewayJson(url: string, init: RequestInit, timeoutMs: number, okStatuses: number[] = []): Promise<unknown> {
  const host = new URL(url).host;
  let response: { status: number; ok: boolean; body: Buffer };
  try {
    response = await fetchCapped(url, { ...init, redirect: "error" }, { timeoutMs, maxBytes: GATEWAY_MAX_ANSWER_BYTES });
  } catch (error) {
    if (error instanceof AnswerTooLarge) throw new GatewayError(`${host} ${error.message}: not read further`);
    throw new GatewayError(`no answer from ${host}: ${error instanceof AnswerTooSlow ? "timed out" : (error as Error).message}`);
  }
  const text = response.body.toString("utf8");
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new GatewayError(`${host} answered ${response.status} without JSON`);
  }
  if (!response.ok && !okStatuses.includes(response.status)) {
    throw new GatewayError(`${host} answered ${response.status}: ${text.slice(0, 200)}`);
  }
  return body;
}
