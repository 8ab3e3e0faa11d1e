import { billDay, billWords, formatPaisa } from "../../../domain/bills/bill-document";
import { sellerText } from "../../../domain/shared/locale";
import { card, mutedText } from "../../components/ui";
import { useLocale } from "../../lib/i18n";
import { m } from "../../paraglide/messages";
import type { loadVerifiedBill } from "./bill.server";

type VerifiedBill = Awaited<ReturnType<typeof loadVerifiedBill>>;

/** What a bill's QR code shows anyone (ADR 0131): that the shop issued it, when, and its sums; never who bought it. */
export function VerifiedBillView({ bill }: { bill: VerifiedBill }) {
  const locale = useLocale();
  const words = <K extends keyof typeof billWords>(key: K) => billWords[key][locale];
  const money = (npr: number) => formatPaisa(Math.round(npr * 100), locale);
  const seller = bill.sellerName ? sellerText(locale, bill.sellerName, bill.sellerNameNe) : null;
  const rows: Array<[string, string]> = [
    [words("number"), bill.number],
    [words("date"), billDay(bill.issuedOn, locale)],
    ...(bill.sellerPan ? [[words("pan"), bill.sellerPan] as [string, string]] : []),
    [words("total"), money(bill.total)],
    ...(bill.vatRegistered ? [[words("vat"), formatPaisa(bill.vatPaisa, locale)] as [string, string]] : []),
    ...bill.creditNotes.map((note): [string, string] => [
      `${words("creditNotes")} ${note.number}, ${billDay(note.issuedOn, locale)}`,
      `−${money(note.amount)}`,
    ]),
  ];
  return (
    <section className="mx-auto max-w-xl px-4 py-12">
      <h1 className="text-2xl font-bold">{m.bill_verified()}</h1>
      <p className={`mt-2 ${mutedText}`}>{seller ? m.bill_verified_by({ seller }) : m.bill_verified_unnamed()}</p>
      <dl className={`${card} mt-6 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 p-4 text-sm sm:p-6`}>
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className={mutedText}>{label}</dt>
            <dd className="text-right font-medium break-words">{value}</dd>
          </div>
        ))}
      </dl>
      <p className={`mt-4 text-sm ${mutedText}`}>{m.bill_verified_privacy()}</p>
    </section>
  );
}
