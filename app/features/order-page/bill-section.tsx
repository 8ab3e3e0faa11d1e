import { Link, useSearchParams } from "react-router";
import { billImagePath, billPath } from "../../../domain/bills/bills";
import type { Locale } from "../../../domain/shared/locale";
import type { ShopperOrder } from "../../../domain/orders/order-page";
import { secondaryButton } from "../../components/ui";
import { m } from "../../paraglide/messages";
import { PageSection } from "./page-section";

/** A paid order's bill (ADR 0131): its page, opened with this page's key, and its picture to forward in a chat. */
export function BillSection({ bill, locale }: { bill: NonNullable<ShopperOrder["bill"]>; locale: Locale }) {
  const key = useSearchParams()[0].get("key") ?? "";
  return (
    <PageSection id="bill-title" title={m.bill_section_title()} intro={m.bill_section_intro({ number: bill.number })}>
      {bill.creditNotes.length > 0 && <p className="mt-2 text-sm">{m.bill_section_credit_notes({ numbers: bill.creditNotes.join(", ") })}</p>}
      <div className="mt-3 flex flex-wrap gap-3">
        <Link to={billPath(bill.number, key, locale)} className={secondaryButton}>
          {m.bill_section_open()}
        </Link>
        <a href={billImagePath(bill.number, key, locale, true)} download={`bill-${bill.number}.png`} className={secondaryButton}>
          {m.bill_section_picture()}
        </a>
      </div>
    </PageSection>
  );
}
