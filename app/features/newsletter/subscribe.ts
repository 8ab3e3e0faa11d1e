import type { Locale } from "../../../domain/shared/locale";
import { m } from "../../paraglide/messages";

export type SubscribeResult = { ok: true; message: string } | { ok: false; message: string };

interface ApiAnswer {
  success?: boolean;
  message?: string;
  errors?: Array<{ field: string; message: string }>;
}

/**
 * POST /api/newsletter; every failure comes back as a sentence the shopper can act on. The API answers in
 * English: in Nepali its known answers (done, a wrong address, too many tries) are said in our own words.
 * Loaded when the shopper subscribes, so these words stay out of the footer every page loads.
 */
export async function subscribeToNewsletter(email: string, locale: Locale): Promise<SubscribeResult> {
  let response: Response;
  try {
    response = await fetch("/api/newsletter", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify({ email }),
    });
  } catch {
    return { ok: false, message: m.newsletter_offline() };
  }
  const answer = (await response.json().catch(() => null)) as ApiAnswer | null;
  const nepali = locale === "ne";
  if (response.ok && answer?.success) return { ok: true, message: nepali ? m.newsletter_done() : (answer.message ?? m.newsletter_done()) };
  if (nepali && response.status === 400) return { ok: false, message: m.newsletter_invalid() };
  if (nepali && response.status === 429) return { ok: false, message: m.newsletter_too_many() };
  // A field error says what to fix ("Enter a valid email address"); otherwise the server's own message.
  const message = nepali ? null : (answer?.errors?.[0]?.message ?? answer?.message);
  return { ok: false, message: message ?? m.newsletter_failed({ status: String(response.status) }) };
}
