import { isRouteErrorResponse, Link } from "react-router";
import type { BillDocument, Labelled } from "../../../domain/bills/bill-document";
import { card, mutedText, primaryButton, secondaryButton } from "../../components/ui";
import { useLocale, useLocalHref } from "../../lib/i18n";
import { m } from "../../paraglide/messages";
import type { BillPage } from "./bill.server";

const paper = `${card} p-4 sm:p-8 print:border-0 print:p-0 print:text-black`;

function Pairs({ items, className = "" }: { items: Labelled[]; className?: string }) {
  return (
    <dl className={`grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm ${className}`}>
      {items.map(({ label, value }) => (
        <div key={`${label}:${value}`} className="contents">
          <dt className={`${mutedText} print:text-slate-700`}>{label}</dt>
          <dd className="text-right font-medium break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The bill's words laid out as a page that prints on A5 or A4: the same words as its picture (ADR 0131). */
function BillSheet({ document: bill }: { document: BillDocument }) {
  const columnCell = "hidden px-2 py-2 text-right sm:table-cell print:table-cell";
  return (
    <article className={paper} lang={bill.locale === "ne" ? "ne" : "en"} aria-labelledby="bill-title">
      <header className="text-center">
        <h1 id="bill-title" className="text-2xl font-bold">
          {bill.title}
        </h1>
        {"missing" in bill.seller ? (
          <p className={`mt-2 text-sm ${mutedText}`}>{bill.seller.missing}</p>
        ) : (
          <>
            <p className="mt-2 text-lg font-semibold">{bill.seller.name}</p>
            {bill.seller.details.map(({ label, value }) => (
              <p key={label || value} className={`text-sm break-words ${mutedText} print:text-slate-700`}>
                {label ? `${label}: ${value}` : value}
              </p>
            ))}
          </>
        )}
      </header>

      <div className="mt-6 grid gap-6 border-t border-slate-200 pt-4 sm:grid-cols-2 dark:border-slate-700 print:grid-cols-2">
        <Pairs items={[bill.number, ...bill.facts]} />
        {bill.buyer.details.length > 0 && (
          <section aria-labelledby="bill-buyer">
            <h2 id="bill-buyer" className="text-sm font-semibold">
              {bill.buyer.heading}
            </h2>
            <Pairs items={bill.buyer.details} className="mt-1" />
          </section>
        )}
      </div>

      <table className="mt-6 w-full border-t border-slate-200 text-sm dark:border-slate-700">
        <thead className={`${mutedText} print:text-slate-700`}>
          <tr className="border-b border-slate-200 dark:border-slate-700">
            <th scope="col" className="hidden py-2 pr-2 text-left font-semibold sm:table-cell print:table-cell">
              {bill.columns.serial}
            </th>
            <th scope="col" className="py-2 pr-2 text-left font-semibold">
              {bill.columns.item}
            </th>
            <th scope="col" className="hidden px-2 py-2 text-left font-semibold sm:table-cell print:table-cell">
              {bill.columns.plan}
            </th>
            <th scope="col" className={`${columnCell} font-semibold`}>
              {bill.columns.quantity}
            </th>
            <th scope="col" className={`${columnCell} font-semibold`}>
              {bill.columns.rate}
            </th>
            <th scope="col" className="py-2 pl-2 text-right font-semibold">
              {bill.columns.amount}
            </th>
          </tr>
        </thead>
        <tbody>
          {bill.rows.map((row) => (
            <tr key={row.serial} className="border-b border-slate-100 align-top dark:border-slate-800">
              <td className="hidden py-2 pr-2 sm:table-cell print:table-cell">{row.serial}</td>
              <td className="py-2 pr-2">
                <span className="font-medium break-words">{row.item}</span>
                {/* A phone's narrow table: the plan, devices and rate under the item instead of in columns. */}
                <span className={`block text-xs sm:hidden print:hidden ${mutedText}`}>
                  {row.plan} · {bill.columns.quantity} {row.quantity} · {bill.columns.rate} {row.rate}
                </span>
              </td>
              <td className="hidden px-2 py-2 sm:table-cell print:table-cell">{row.plan}</td>
              <td className={columnCell}>{row.quantity}</td>
              <td className={columnCell}>{row.rate}</td>
              <td className="py-2 pl-2 text-right tabular-nums">{row.amount}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <dl className="mt-4 ml-auto grid max-w-sm grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
        {bill.totals.map(({ label, value, strong }) => (
          <div key={label} className={`contents ${strong ? "text-base font-bold" : ""}`}>
            <dt className={strong ? "" : `${mutedText} print:text-slate-700`}>{label}</dt>
            <dd className="text-right tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-sm">
        <span className={`${mutedText} print:text-slate-700`}>{bill.inWords.label}: </span>
        <span className="font-medium">{bill.inWords.value}</span>
      </p>

      <Pairs items={[...bill.payment, ...bill.creditNotes]} className="mt-4 border-t border-slate-200 pt-4 dark:border-slate-700" />
    </article>
  );
}

/** The shopper's bill: the sheet, how to print it or keep its picture, and the other language. */
export function BillView({ page }: { page: BillPage }) {
  const verify = page.document.verify;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 print:max-w-none print:p-0">
      <div className="mb-4 flex flex-wrap items-center gap-3 print:hidden">
        <a href={page.image.download} download={`bill-${page.number}.png`} className={primaryButton}>
          {m.bill_download()}
        </a>
        <a href={page.image.view} target="_blank" rel="noreferrer" className={secondaryButton}>
          {m.bill_open_picture()}
        </a>
        <button type="button" onClick={() => window.print()} className={secondaryButton}>
          {m.bill_print()}
        </button>
        <Link
          to={page.otherLanguage.href}
          lang={page.otherLanguage.locale}
          hrefLang={page.otherLanguage.locale}
          className="font-medium text-brand-700 underline dark:text-brand-300"
        >
          {page.otherLanguage.locale === "ne" ? "नेपालीमा हेर्नुहोस्" : "View in English"}
        </Link>
      </div>
      <p className={`mb-4 text-sm print:hidden ${mutedText}`}>{m.bill_picture_hint()}</p>
      <BillSheet document={page.document} />
      <p className={`mt-4 text-sm break-all ${mutedText} print:text-slate-700`}>
        {verify.heading}: {page.verifyUrl} · {verify.code.label}: <span className="font-mono">{verify.code.value}</span>
      </p>
    </div>
  );
}

/** A bill link or a verification that opens nothing (ADR 0131): the same words whatever was wrong, or to wait. */
export function BillError({ error, verifying = false }: { error: unknown; verifying?: boolean }) {
  const known = isRouteErrorResponse(error) && (error.status === 404 || error.status === 429);
  const waiting = known && error.status === 429;
  const href = useLocalHref();
  const locale = useLocale();
  const english = known ? (error.data as { message?: string } | null)?.message : null;
  const text = waiting ? (locale === "ne" ? m.order_wait_text() : english) : verifying ? m.bill_verify_none_text() : m.bill_not_found_text();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <h1 className="text-2xl font-bold">{waiting ? m.order_wait() : verifying ? m.bill_verify_none() : m.bill_not_found()}</h1>
      <p className={`mt-3 ${mutedText}`}>{known ? text : m.order_not_shown()}</p>
      <Link to={href("/my-orders")} className={`${primaryButton} mt-8`}>
        {m.nav_my_orders()}
      </Link>
    </section>
  );
}
