import type { BalanceSpend } from "../../domain/balances/schemas";

/**
 * Pays an order of the customer's from their store credit: POST /api/my/<key>/orders/<reference>/credit, the customer
 * link's key being the proof (ADR 0127). Null when the server could not be reached or refused.
 */
export async function spendStoreCredit(customerKey: string, reference: string): Promise<BalanceSpend | null> {
  try {
    const answer = await fetch(`/api/my/${encodeURIComponent(customerKey)}/orders/${encodeURIComponent(reference)}/credit`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    return answer.ok ? ((await answer.json()) as BalanceSpend) : null;
  } catch {
    return null;
  }
}
