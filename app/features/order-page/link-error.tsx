import { isRouteErrorResponse, Link } from "react-router";
import { primaryButton } from "../../components/ui";
import { useLocale, useLocalHref } from "../../lib/i18n";
import { m } from "../../paraglide/messages";

/**
 * What a shopper's link shows when it opens nothing: an order link with a wrong key, or a customer link that is
 * unknown or revoked, alike (ADR 0075, 0104); or, after too many wrong ones from the address, to wait (429).
 */
export function LinkError({ error }: { error: unknown }) {
  const known = isRouteErrorResponse(error) && (error.status === 404 || error.status === 429);
  const href = useLocalHref();
  const locale = useLocale();
  // The API's words are English; a Nepali page says the same in its own.
  const nepali = known && locale === "ne" ? (error.status === 429 ? m.order_wait_text() : m.order_not_found_text()) : null;
  const message = nepali ?? (known ? (error.data as { message?: string } | null)?.message : null);
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <h1 className="text-2xl font-bold">{known && error.status === 429 ? m.order_wait() : m.order_not_found()}</h1>
      <p className="mt-3 text-slate-600 dark:text-slate-300">{message ?? m.order_not_shown()}</p>
      <Link to={href("/my-orders")} className={`${primaryButton} mt-8`}>
        {m.nav_my_orders()}
      </Link>
    </section>
  );
}
