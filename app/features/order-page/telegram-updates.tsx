import { useEffect, useRef, useState } from "react";
import type { TelegramLink } from "../../../domain/telegram/schemas";
import { card, mutedText, primaryButton, secondaryButton } from "../../components/ui";
import { m } from "../../paraglide/messages";
import type { OrderAnswer } from "./post-to-order";

/** Whether the shop's bot is there to offer, and whether a chat hears about this order already (ADR 0107). */
export type TelegramOffer = { offered: boolean; following: boolean };

/**
 * "Get updates on Telegram": asks for a one-time deep link to the shop's bot, then shows it to open.
 * Pressing Start there ties that chat to this order (on an order page), or to all the customer's orders (on their
 * customer link's page, ADR 0116). Nothing shows when the seller has no bot.
 */
export function TelegramUpdates({
  offer,
  ask: askLink,
  words,
}: {
  offer: TelegramOffer;
  /** Asks the server for the deep link (with the page's own key). */
  ask: () => Promise<OrderAnswer<TelegramLink>>;
  words: { intro: string; following: string };
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [link, setLink] = useState<TelegramLink | null>(null);
  const openRef = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (link) openRef.current?.focus();
  }, [link]);
  if (!offer.offered) return null;

  const ask = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    const { ok, status, body } = await askLink();
    setBusy(false);
    if (!ok || !body?.link) {
      setError(status === 429 ? m.tg_busy() : m.tg_error());
      return;
    }
    setLink({ link: body.link, expiresAt: body.expiresAt });
  };

  return (
    <section aria-labelledby="telegram-title" className={`${card} mt-6 p-4 sm:p-5`}>
      <h2 id="telegram-title" className="text-lg font-semibold">
        {m.tg_title()}
      </h2>
      <p className={`mt-1 text-sm ${mutedText}`}>{offer.following ? words.following : words.intro}</p>
      {link ? (
        <div className="mt-3">
          <a ref={openRef} href={link.link} target="_blank" rel="noreferrer noopener" className={`${primaryButton} w-full sm:w-auto`}>
            {m.tg_open()}
          </a>
          <p className={`mt-2 text-sm ${mutedText}`}>{m.tg_open_hint()}</p>
        </div>
      ) : (
        <button type="button" onClick={ask} disabled={busy} className={`${offer.following ? secondaryButton : primaryButton} mt-3 w-full sm:w-auto`}>
          {busy ? m.tg_getting() : m.tg_get()}
        </button>
      )}
      {error && (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </section>
  );
}
