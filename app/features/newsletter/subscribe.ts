import { NEWSLETTER_SUBSCRIBED_MESSAGE } from "../../../domain/newsletter";

export type SubscribeResult = { ok: true; message: string } | { ok: false; message: string };

interface ApiAnswer {
  success?: boolean;
  message?: string;
  errors?: Array<{ field: string; message: string }>;
}

/** POST /api/newsletter; every failure comes back as a sentence the shopper can act on. */
export async function subscribeToNewsletter(email: string): Promise<SubscribeResult> {
  let response: Response;
  try {
    response = await fetch("/api/newsletter", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ email }),
    });
  } catch {
    return { ok: false, message: "We could not reach the shop. Check your connection and try again." };
  }
  const answer = (await response.json().catch(() => null)) as ApiAnswer | null;
  if (response.ok && answer?.success) return { ok: true, message: answer.message ?? NEWSLETTER_SUBSCRIBED_MESSAGE };
  // A field error says what to fix ("Enter a valid email address"); otherwise the server's own message.
  const message = answer?.errors?.[0]?.message ?? answer?.message;
  return { ok: false, message: message ?? `Subscribing failed (status ${response.status}). Please try again.` };
}
