import type { LineCredentials } from "../../../domain/ledger/auto-delivery";
import { sellerLang, sellerText, type Locale } from "../../../domain/shared/locale";
import { formatNumber } from "../../../domain/shared/locale-format";
import type { ShopperOrderLine } from "../../../domain/orders/order-page";
import { seatLabel } from "../../../domain/ledger/seller-messages";
import { mutedText } from "../../components/ui";
import { m } from "../../paraglide/messages";
import { CopyButton } from "./copy-button";
import { PageSection } from "./page-section";

/**
 * What the automatically delivered lines hold: the login, password, profile and PIN of a seat, or
 * the licence keys, each with a copy button, and the delivery message to send to oneself. Shown only to the
 * holder of the order's key; every reading is in the seller's reveal log.
 */
export function DeliveredCredentials({ credentials, lines, locale }: { credentials: LineCredentials[]; lines: ShopperOrderLine[]; locale: Locale }) {
  return (
    <PageSection id="credentials-title" title={m.credentials_title()} intro={m.credentials_intro()}>
      <ul className="mt-3 space-y-4">
        {credentials.map((line) => {
          const ordered = lines.find((l) => l.id === line.lineId);
          const name = ordered ? sellerText(locale, ordered.name, ordered.nameNe) : "";
          const rows: Array<[string, string]> = line.seat
            ? [
                [m.credentials_login(), line.seat.login],
                [m.credentials_password(), line.seat.password],
                [m.credentials_profile(), line.seat.profile ?? seatLabel(line.seat.position, locale)],
                ...(line.seat.pin ? ([[m.credentials_pin(), line.seat.pin]] as Array<[string, string]>) : []),
              ]
            : line.keys.map((key, index): [string, string] => [
                line.keys.length > 1 ? `${m.credentials_key()} ${formatNumber(index + 1, locale)}` : m.credentials_key(),
                key,
              ]);
          return (
            <li key={line.lineId} className="rounded-lg border border-slate-200 p-4 dark:border-slate-700">
              <h3 lang={ordered && sellerLang(locale, ordered.nameNe)} className="font-semibold break-words">
                {name}
              </h3>
              <dl className="mt-2 grid gap-2 text-sm">
                {rows.map(([label, value]) => (
                  <div key={label} className="flex flex-col gap-1 sm:flex-row sm:items-center sm:gap-3">
                    <dt className={`sm:w-24 sm:shrink-0 ${mutedText}`}>{label}</dt>
                    <dd className="flex min-w-0 flex-wrap items-center gap-2">
                      <span className="font-mono break-all">{value}</span>
                      <CopyButton value={value} label={`${label} (${name})`} />
                    </dd>
                  </div>
                ))}
              </dl>
              <h4 className="mt-4 text-sm font-semibold">{m.credentials_message()}</h4>
              <p className={`text-sm ${mutedText}`}>{m.credentials_message_hint()}</p>
              <pre className="mt-2 rounded-md border border-slate-200 bg-slate-50 p-3 font-sans text-sm wrap-anywhere whitespace-pre-wrap dark:border-slate-700 dark:bg-slate-900">
                {line.message}
              </pre>
              <div className="mt-2">
                <CopyButton value={line.message} label={`${m.credentials_message()} (${name})`} />
              </div>
            </li>
          );
        })}
      </ul>
    </PageSection>
  );
}
