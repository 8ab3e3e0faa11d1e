import type { CartLine } from "../../../domain/orders/cart";
import { localeOfPath } from "../../../domain/shared/locale";

/** A price check is a nicety: a slow or absent server must not hold the cart up for long. */
const QUOTE_TIMEOUT_MS = 5000;

/**
 * Asks the server to price these lines as checkout would (POST /api/orders/quote), and to check `coupon` against
 * them when one is given. The answer's body, unchecked; null when there is none (offline, timeout, overloaded).
 */
export async function askQuote(lines: ReadonlyArray<CartLine & { _id: string }>, coupon?: string): Promise<unknown> {
  try {
    const response = await fetch("/api/orders/quote", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        items: lines.map((line) => ({ _id: line._id, months: line.month, devices: line.selectedDevice })),
        coupon,
        // The reasons a line cannot be ordered, and a coupon's, come back in the page's language.
        language: localeOfPath(window.location.pathname),
      }),
      signal: AbortSignal.timeout(QUOTE_TIMEOUT_MS),
    });
    return response.ok ? await response.json() : null;
  } catch {
    return null;
  }
}
