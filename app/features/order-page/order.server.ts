import { data, type AppLoadContext } from "react-router";
import { localeOfPath, sellerLang, sellerText } from "../../../domain/shared/locale";
import type { LineCredentials } from "../../../domain/ledger/auto-delivery";
import type { ShopperOrder } from "../../../domain/orders/order-page";

/**
 * The order a shopper's link names. An unknown reference and a wrong key are the same 404 (ADR 0075), and an
 * address that tried too many is told to wait (429). With it, what its automatically delivered lines hold:
 * this page's data alone carries them, and the page is never cached (ADR 0076).
 */
export async function loadShopperOrder(
  context: AppLoadContext,
  request: Request,
  reference: string,
): Promise<{ order: ShopperOrder; credentials: LineCredentials[] }> {
  const key = new URL(request.url).searchParams.get("key") ?? "";
  const locale = localeOfPath(new URL(request.url).pathname);
  try {
    const { order, credentials } = await context.services.autoDelivery.shopperView(reference, key.slice(0, 100), context.clientAddress ?? "");
    // The seller's notes in the page's language (ADR 0093): the page ships one of the two.
    const paymentMethods = order.paymentMethods.map((method) => ({
      ...method,
      note: sellerText(locale, method.note, method.noteNe),
      noteLang: sellerLang(locale, method.noteNe),
      noteNe: null,
    }));
    // An item's Nepali name goes only to a Nepali page; its English name stays the line's (renewal, seller's message).
    const lines = order.lines.map((line) => ({ ...line, nameNe: locale === "ne" ? line.nameNe : null }));
    return { order: { ...order, lines, paymentMethods }, credentials };
  } catch (error) {
    // The service's refusals carry their HTTP status (its HttpError; app/ does not import the server).
    const status = (error as { statusCode?: unknown } | null)?.statusCode;
    if (status === 404 || status === 429) throw data({ message: (error as Error).message }, { status });
    throw error;
  }
}
