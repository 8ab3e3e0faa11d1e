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

/** JSON from a gateway, within `timeoutMs`; a GatewayError for anything else. `okStatuses` beyond 2xx are read too. */
export async function gatewayJson(url: string, init: RequestInit, timeoutMs: number, okStatuses: number[] = []): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs), redirect: "error" });
  } catch (error) {
    throw new GatewayError(
      `no answer from ${new URL(url).host}: ${(error as Error).name === "TimeoutError" ? "timed out" : (error as Error).message}`,
    );
  }
  const text = await response.text().catch(() => "");
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new GatewayError(`${new URL(url).host} answered ${response.status} without JSON`);
  }
  if (!response.ok && !okStatuses.includes(response.status)) {
    throw new GatewayError(`${new URL(url).host} answered ${response.status}: ${text.slice(0, 200)}`);
  }
  return body;
}
