import type { LegalDetails } from "../settings/schemas";
import { formatBsDate, formatDay, toBikramSambat } from "../shared/bikram-sambat-dates";
import { sellerText, type Locale } from "../shared/locale";
import { NEPALI_LOCALES } from "../shared/locale-format";
import { GATEWAY_NAMES, readGateway } from "../payments/payments";
import { amountInWords } from "./amount-in-words";
import { VAT_RATE } from "./bills";

/*
 * A bill as it is read (issue 47, ADR 0131): the words of the shopper's page, its picture and the admin's copy, in
 * English and Nepali from this one catalogue, laid out by each as it needs. What a Nepali bill shows, and why:
 * docs/research/nepal-bills.md §1, §2 and §9.
 */

/** A line as the bill keeps it: the item, its plan in months, the devices (its quantity), the rate and the amount. */
export interface BillLine {
  name: string;
  months: number;
  devices: number;
  rate: number;
  amount: number;
}

/** A bill as issued and kept (the `bills` row with its credit notes), what every reading of it starts from. */
export interface IssuedBill {
  number: string;
  fiscalYear: string;
  issuedAt: string;
  issuedOn: string;
  seller: LegalDetails | null;
  buyerName: string | null;
  buyerPhone: string | null;
  lines: BillLine[];
  subtotal: number;
  discount: number;
  total: number;
  taxablePaisa: number;
  vatPaisa: number;
  vatRegistered: boolean;
  paidBy: string;
  paidFromCredit: number;
  transactionId: string | null;
  verificationCode: string;
  creditNotes: Array<{ number: string; issuedOn: string; amount: number }>;
}

type Words = Record<Locale, string>;

const counts: Record<Locale, Intl.NumberFormat> = {
  en: new Intl.NumberFormat("en-IN", { maximumFractionDigits: 0 }),
  ne: new Intl.NumberFormat(NEPALI_LOCALES, { maximumFractionDigits: 0, numberingSystem: "deva" }),
};

/** The bill's words. One entry a text, both languages side by side, as domain/shared/messages.ts keeps them. */
export const billWords = {
  taxInvoice: { en: "Tax invoice", ne: "कर बीजक" },
  invoice: { en: "Invoice", ne: "बीजक" },
  number: { en: "Bill no.", ne: "बीजक नं." },
  date: { en: "Date", ne: "मिति" },
  fiscalYear: { en: "Fiscal year", ne: "आर्थिक वर्ष" },
  pan: { en: "PAN", ne: "स्थायी लेखा नं. (PAN)" },
  vatNumber: { en: "PAN / VAT no.", ne: "स्थायी लेखा / मू.अ.कर नं." },
  ecommerce: { en: "E-Commerce registration no.", ne: "विद्युतीय कारोबार दर्ता नं." },
  complaints: { en: "Complaint officer", ne: "गुनासो सुन्ने अधिकारी" },
  noSeller: {
    en: "The shop has not yet given its registered name, address and PAN.",
    ne: "पसलले आफ्नो दर्ता भएको नाम, ठेगाना र PAN अझै दिएको छैन।",
  },
  buyer: { en: "Buyer", ne: "खरिदकर्ता" },
  name: { en: "Name", ne: "नाम" },
  phone: { en: "Phone", ne: "फोन" },
  serial: { en: "No.", ne: "क्र.सं." },
  item: { en: "Item", ne: "विवरण" },
  plan: { en: "Plan", ne: "अवधि" },
  quantity: { en: "Devices", ne: "डिभाइस" },
  rate: { en: "Rate", ne: "दर" },
  amount: { en: "Amount", ne: "रकम" },
  subtotal: { en: "Subtotal", ne: "जम्मा" },
  discount: { en: "Discount (coupon, referral credit)", ne: "छुट (कुपन, रेफरल क्रेडिट)" },
  taxable: { en: "Taxable amount", ne: "करयोग्य रकम" },
  vat: { en: `VAT ${VAT_RATE}%`, ne: `मू.अ.कर ${counts.ne.format(VAT_RATE)}%` },
  total: { en: "Total", ne: "कुल जम्मा" },
  inWords: { en: "In words", ne: "अक्षरमा" },
  paidBy: { en: "Paid by", ne: "भुक्तानी" },
  transaction: { en: "Transaction", ne: "कारोबार नं." },
  fromCredit: { en: "From store credit", ne: "स्टोर क्रेडिटबाट" },
  storeCredit: { en: "Store credit", ne: "स्टोर क्रेडिट" },
  shop: { en: "Paid to the shop", ne: "पसलमा भुक्तानी" },
  creditNotes: { en: "Taken back by credit note", ne: "क्रेडिट नोटले फिर्ता" },
  verify: { en: "Check this bill", ne: "यो बीजक जाँच्नुहोस्" },
  code: { en: "Verification code", ne: "प्रमाणीकरण कोड" },
} satisfies Record<string, Words>;

const amounts: Record<Locale, Intl.NumberFormat> = {
  en: new Intl.NumberFormat("en-IN", { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  ne: new Intl.NumberFormat(NEPALI_LOCALES, { minimumFractionDigits: 2, maximumFractionDigits: 2, numberingSystem: "deva" }),
};

/** An amount in paisa as bills write it, to the paisa with lakh grouping: "1,23,456.78" or "१,२३,४५६.७८". */
export function formatPaisa(paisa: number, locale: Locale): string {
  return amounts[locale].format(paisa / 100);
}

/** How the bill says it was paid: a gateway's name, store credit, or the shop (the seller marked it paid). */
export function paidByText(paidBy: string, locale: Locale): string {
  const gateway = readGateway(paidBy);
  if (gateway) return GATEWAY_NAMES[gateway];
  return paidBy === "store-credit" ? billWords.storeCredit[locale] : billWords.shop[locale];
}

/**
 * A day as the bill dates it, in both calendars: Nepali books date in Bikram Sambat ("२०८३ मंसिर १८", first on a Nepali
 * bill; "BS 2083.08.18", the sales book's form, on an English one), gateways and providers in AD.
 */
export function billDay(isoDay: string, locale: Locale): string {
  if (locale === "ne") return `${formatBsDate(isoDay)} (${formatDay(isoDay, "en")})`;
  const { year, month, day } = toBikramSambat(isoDay);
  return `${formatDay(isoDay, "en")} (BS ${year}.${String(month).padStart(2, "0")}.${String(day).padStart(2, "0")})`;
}

export type Labelled = { label: string; value: string };

/** A bill's words in one language, ready to lay out: every page and picture of it shows these and nothing else. */
export interface BillDocument {
  locale: Locale;
  title: string;
  number: Labelled;
  facts: Labelled[];
  /** The shop's name, then its address, PAN, registration and complaint officer; or a line saying none was given. */
  seller: { name: string; details: Labelled[] } | { missing: string };
  buyer: { heading: string; details: Labelled[] };
  columns: { serial: string; item: string; plan: string; quantity: string; rate: string; amount: string };
  rows: Array<{ serial: string; item: string; plan: string; quantity: string; rate: string; amount: string }>;
  totals: Array<Labelled & { strong?: boolean }>;
  inWords: Labelled;
  payment: Labelled[];
  creditNotes: Labelled[];
  verify: { heading: string; code: Labelled };
}

/** The bill read in `locale`: a tax invoice when the shop was registered for VAT when it was issued, else an invoice. */
export function billDocument(bill: IssuedBill, locale: Locale): BillDocument {
  const words = <K extends keyof typeof billWords>(key: K) => billWords[key][locale];
  const money = (npr: number) => formatPaisa(Math.round(npr * 100), locale);
  const count = (value: number) => counts[locale].format(value);
  const seller = bill.seller;
  return {
    locale,
    title: bill.vatRegistered ? words("taxInvoice") : words("invoice"),
    number: { label: words("number"), value: bill.number },
    facts: [
      { label: words("date"), value: billDay(bill.issuedOn, locale) },
      { label: words("fiscalYear"), value: bill.fiscalYear },
    ],
    seller: seller
      ? {
          name: sellerText(locale, seller.registeredName, seller.registeredNameNe),
          details: [
            { label: "", value: sellerText(locale, seller.address, seller.addressNe) },
            { label: bill.vatRegistered ? words("vatNumber") : words("pan"), value: seller.pan },
            ...(seller.ecommerceRegistration ? [{ label: words("ecommerce"), value: seller.ecommerceRegistration }] : []),
            {
              label: words("complaints"),
              value: [seller.complaintOfficer, seller.complaintPhone, seller.complaintEmail].filter(Boolean).join(", "),
            },
          ],
        }
      : { missing: words("noSeller") },
    buyer: {
      heading: words("buyer"),
      details: [
        ...(bill.buyerName ? [{ label: words("name"), value: bill.buyerName }] : []),
        ...(bill.buyerPhone ? [{ label: words("phone"), value: bill.buyerPhone }] : []),
      ],
    },
    columns: {
      serial: words("serial"),
      item: words("item"),
      plan: words("plan"),
      quantity: words("quantity"),
      rate: words("rate"),
      amount: words("amount"),
    },
    rows: bill.lines.map((line, index) => ({
      serial: count(index + 1),
      item: line.name,
      plan: locale === "ne" ? `${count(line.months)} महिना` : `${line.months} ${line.months === 1 ? "month" : "months"}`,
      quantity: count(line.devices),
      rate: money(line.rate),
      amount: money(line.amount),
    })),
    totals: [
      { label: words("subtotal"), value: money(bill.subtotal) },
      ...(bill.discount > 0 ? [{ label: words("discount"), value: `−${money(bill.discount)}` }] : []),
      // A PAN bill has no VAT line (VAT Act s15): only a VAT-registered seller's bill splits its total.
      ...(bill.vatRegistered
        ? [
            { label: words("taxable"), value: formatPaisa(bill.taxablePaisa, locale) },
            { label: words("vat"), value: formatPaisa(bill.vatPaisa, locale) },
          ]
        : []),
      { label: words("total"), value: money(bill.total), strong: true },
    ],
    inWords: { label: words("inWords"), value: amountInWords(bill.total, locale) },
    payment: [
      { label: words("paidBy"), value: paidByText(bill.paidBy, locale) },
      ...(bill.transactionId ? [{ label: words("transaction"), value: bill.transactionId }] : []),
      ...(bill.paidFromCredit > 0 && bill.paidBy !== "store-credit" ? [{ label: words("fromCredit"), value: money(bill.paidFromCredit) }] : []),
    ],
    creditNotes: bill.creditNotes.map((note) => ({
      label: `${words("creditNotes")} ${note.number}, ${billDay(note.issuedOn, locale)}`,
      value: `−${money(note.amount)}`,
    })),
    verify: { heading: words("verify"), code: { label: words("code"), value: bill.verificationCode } },
  };
}
