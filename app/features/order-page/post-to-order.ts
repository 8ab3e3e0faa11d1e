/** What the server answered a shopper's write: `status` null when it could not be reached, `body` its JSON if any. */
export type OrderAnswer<T> = { ok: boolean; status: number | null; body: T | null };

/**
 * A shopper's write from their order page: POST /api/orders/<reference>/<path> with `fields` and the page's
 * own key (its link's `?key=`), which the server checks. `locale` asks for the server's refusals in that
 * language, where the page shows them.
 */
export async function postToOrder<T>(reference: string, path: string, fields: object, locale?: string): Promise<OrderAnswer<T>> {
  const key = new URLSearchParams(window.location.search).get("key") ?? "";
  let answer: Response;
  try {
    answer = await fetch(`/api/orders/${encodeURIComponent(reference)}/${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(locale ? { "accept-language": locale } : {}) },
      body: JSON.stringify({ key, ...fields }),
    });
  } catch {
    return { ok: false, status: null, body: null };
  }
  const body = (await answer.json().catch(() => null)) as T | null;
  return { ok: answer.ok, status: answer.status, body };
}

/** A shopper's write from their customer link's page: POST /api/my/<key>/<path> with `fields`, the page's key checked by the server. */
export async function postToCustomer<T>(key: string, path: string, fields: object = {}): Promise<OrderAnswer<T>> {
  let answer: Response;
  try {
    answer = await fetch(`/api/my/${encodeURIComponent(key)}/${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(fields),
    });
  } catch {
    return { ok: false, status: null, body: null };
  }
  const body = (await answer.json().catch(() => null)) as T | null;
  return { ok: answer.ok, status: answer.status, body };
}
