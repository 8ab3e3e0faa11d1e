import type { LegalDetails } from "../../domain/settings/schemas";
import { sellerLang, sellerText, type Locale } from "../../domain/shared/locale";
import { m } from "../paraglide/messages";
import { mutedText } from "./ui";

/**
 * The shop's legal details as Nepal's E-Commerce Act asks a site to show them (ADR 0129): registered name, address,
 * PAN, VAT, the registration under the Act and the complaint officer. The seller's Nepali words on a Nepali page.
 */
export function BusinessDetails({ legal, locale }: { legal: LegalDetails; locale: Locale }) {
  const rows: Array<[string, string, "en" | undefined]> = [
    [m.legal_registered_name(), sellerText(locale, legal.registeredName, legal.registeredNameNe), sellerLang(locale, legal.registeredNameNe)],
    [m.legal_address(), sellerText(locale, legal.address, legal.addressNe), sellerLang(locale, legal.addressNe)],
    [m.legal_pan(), legal.pan, undefined],
    [m.legal_vat(), legal.vatRegistered ? m.legal_vat_yes() : m.legal_vat_no(), undefined],
    ...(legal.ecommerceRegistration ? [[m.legal_ecommerce(), legal.ecommerceRegistration, undefined] as [string, string, undefined]] : []),
    [m.legal_complaints(), [legal.complaintOfficer, legal.complaintPhone, legal.complaintEmail].filter(Boolean).join(", "), undefined],
  ];
  return (
    <>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        {rows.map(([term, value, lang]) => (
          <div key={term} className="contents">
            <dt className={mutedText}>{term}</dt>
            <dd lang={lang} className="font-medium break-words">
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <p className={`mt-3 text-sm ${mutedText}`}>{m.legal_complaints_note()}</p>
    </>
  );
}
