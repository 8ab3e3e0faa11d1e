import type { Locale } from "./locale";
import { formatNumber, formatNpr as formatPrice } from "./locale-format";
import { formatNpr } from "./money";

/*
 * The texts the server and the rules of domain/ word for a shopper, in English and Nepali: the counterpart of the
 * storefront's messages (messages/en.json, messages/ne.json, compiled by Paraglide into app/paraglide/), which
 * domain/ cannot import (ADR 0122). One export per text, `{ en, ne }`, each a function of the facts it names, read
 * as `text[locale](…)`; a bundle keeps only the texts its code names. Nepali texts keep Western digits where the
 * seller reads, types or searches for them (amounts in chat messages, references; ADR 0092).
 */
type Words<Params extends unknown[] = []> = Record<Locale, (...params: Params) => string>;

/** "3 months": a plan's length in English (the storefront's own texts say it in Nepali). */
export const monthsLabel = (months: number | string) => `${months} ${Number(months) === 1 ? "month" : "months"}`;

// ---------------------------------------------------------------------------------------------
// The chat message of an order (orders/checkout.ts, orders/order-message.ts)

export const orderGreeting: Words = { en: () => "Hello! I would like to order:", ne: () => "नमस्ते! मलाई यो अर्डर गर्नु छ:" };

export const renewalGreeting: Words = { en: () => "Hello! I would like to renew:", ne: () => "नमस्ते! मलाई यो नवीकरण गर्नु छ:" };

type MessageLine = { name: string; devices: number; unitPrice: number; months: number | string };
export const orderItemLine: Words<[line: MessageLine]> = {
  en: (line) => `Item: ${line.name}, Quantity: ${line.devices}, Price: ${formatNpr(line.unitPrice)} NPR, Plan: ${monthsLabel(line.months)}`,
  ne: (line) => `सामान: ${line.name}, संख्या: ${line.devices}, मूल्य: ${formatNpr(line.unitPrice)} NPR, योजना: ${line.months} महिना`,
};

export const orderSubtotal: Words<[amount: number]> = {
  en: (amount) => `Subtotal: ${formatNpr(amount)} NPR`,
  ne: (amount) => `उप-जम्मा: ${formatNpr(amount)} NPR`,
};

export const orderCoupon: Words<[code: string, discount: number]> = {
  en: (code, discount) => `Coupon ${code}: -${formatNpr(discount)} NPR`,
  ne: (code, discount) => `कुपन ${code} (Coupon): -${formatNpr(discount)} NPR`,
};

export const orderTotal: Words<[amount: number]> = {
  en: (amount) => `Total: ${formatNpr(amount)} NPR`,
  ne: (amount) => `जम्मा: ${formatNpr(amount)} NPR`,
};

/** The seller looks the reference up by its English label, which the Nepali message keeps beside its own. */
export const orderReference: Words<[reference: string]> = {
  en: (reference) => `Order ref: ${reference}`,
  ne: (reference) => `अर्डर नम्बर (Order ref): ${reference}`,
};

type RenewedFacts = { reference: string; position: number; name: string; ended: boolean; end: string; runsTo: string };
export const renewalNote: Words<[renewal: RenewedFacts]> = {
  en: (r) =>
    `Renewal of ${r.reference}, line ${r.position} (${r.name}), which ${r.ended ? "ended" : "ends"} on ${r.end}: renewed, it runs to ${r.runsTo}.`,
  ne: (r) =>
    `नवीकरण: ${r.reference} को लाइन ${r.position} (${r.name}), जुन ${r.end} मा ${r.ended ? "सकियो" : "सकिन्छ"}; नवीकरणपछि ${r.runsTo} सम्म चल्छ।`,
};

// ---------------------------------------------------------------------------------------------
// Checkout's refusals (orders/pricing.ts, coupons/coupons.ts, blocklist/blocklist.ts)

export const itemNotSold: Words = {
  en: () => "This item is no longer sold; remove it from your cart",
  ne: () => "यो सामान अब बिक्रीमा छैन; कार्टबाट हटाउनुहोस्",
};

export const planNotSold: Words<[item: { Name: string; NameNe?: string | null }, months: number]> = {
  en: (item, months) => `${item.Name} no longer has a ${monthsLabel(months)} plan; remove it and add it again`,
  ne: (item, months) => `${item.NameNe || item.Name} को ${formatNumber(months, "ne")} महिनाको योजना अब छैन; हटाएर फेरि थप्नुहोस्`,
};

/** Why a coupon was refused, by `CouponRefusal`. */
export const couponRefusals = {
  en: {
    unknown: (code: string) => `Coupon ${code} is not valid; check the code`,
    disabled: (code: string) => `Coupon ${code} is not valid; check the code`,
    "not-started": (code: string) => `Coupon ${code} has not started yet`,
    expired: (code: string) => `Coupon ${code} has expired`,
    minimum: (code: string, minTotal: number) => `Coupon ${code} needs an order of at least ${formatPrice(minTotal, "en")}`,
    "used-up": (code: string) => `Coupon ${code} has been used up`,
    "used-up-by-phone": (code: string) => `Your number has already used coupon ${code}`,
    "needs-phone": (code: string) => `Coupon ${code} needs your phone number; enter it to use the coupon`,
    "not-for-items": (code: string) => `Coupon ${code} is not for the items in your cart`,
  },
  ne: {
    unknown: (code: string) => `कुपन ${code} चल्दैन; कोड जाँच्नुहोस्`,
    disabled: (code: string) => `कुपन ${code} चल्दैन; कोड जाँच्नुहोस्`,
    "not-started": (code: string) => `कुपन ${code} अहिलेसम्म सुरु भएको छैन`,
    expired: (code: string) => `कुपन ${code} को म्याद सकियो`,
    minimum: (code: string, minTotal: number) => `कुपन ${code} कम्तीमा ${formatPrice(minTotal, "ne")} को अर्डरमा मात्र चल्छ`,
    "used-up": (code: string) => `कुपन ${code} सबै प्रयोग भइसक्यो`,
    "used-up-by-phone": (code: string) => `तपाईंको नम्बरले कुपन ${code} प्रयोग गरिसक्नुभयो`,
    "needs-phone": (code: string) => `कुपन ${code} प्रयोग गर्न आफ्नो फोन नम्बर लेख्नुहोस्`,
    "not-for-items": (code: string) => `कुपन ${code} तपाईंको कार्टका सामानमा लाग्दैन`,
  },
} satisfies Record<Locale, Record<string, (code: string, minTotal: number) => string>>;

export const blockedCheckout: Words<[phone: string, telegramUsername: string]> = {
  en: (phone, telegram) => `Orders from this number cannot be placed online. Please contact the shop directly: ${phone}, Telegram @${telegram}`,
  ne: (phone, telegram) => `यो नम्बरबाट अनलाइन अर्डर लिन सकिँदैन। कृपया पसललाई सिधै सम्पर्क गर्नुहोस्: ${phone}, Telegram @${telegram}`,
};

// ---------------------------------------------------------------------------------------------
// The limits on anonymous orders (order-limits/order-limits.ts): `when` is `inMinutes`

export const inMinutes: Words<[minutes: number]> = {
  en: (minutes) => (minutes === 1 ? "in a minute" : `in ${minutes} minutes`),
  ne: (minutes) => (minutes === 1 ? "एक मिनेटपछि" : `${formatNumber(minutes, "ne")} मिनेटपछि`),
};

export const shopBusy: Words<[when: string]> = {
  en: (when) =>
    `The shop is receiving very many orders right now, so yours was not placed. Please send it again ${when}, or message the shop directly in the chat.`,
  ne: (when) => `अहिले पसलमा एकैपटक धेरै अर्डर आइरहेका छन्, त्यसैले तपाईंको अर्डर राखिएन। कृपया ${when} फेरि पठाउनुहोस्, वा पसललाई च्याटमा सिधै सन्देश पठाउनुहोस्।`,
};

export const ordersFromAddress: Words<[when: string]> = {
  en: (when) => `Too many orders from your address. Please send yours again ${when}, or message the shop directly in the chat.`,
  ne: (when) => `तपाईंको ठेगानाबाट धेरै अर्डर आए। कृपया ${when} फेरि पठाउनुहोस्, वा पसललाई च्याटमा सिधै सन्देश पठाउनुहोस्।`,
};

export const phoneHasOpenOrders: Words<[open: number]> = {
  en: (open) =>
    `This phone number already has ${open} orders waiting for payment. Pay for one of them, or ask the shop in the chat to cancel the ones you do not want, then order again.`,
  ne: (open) =>
    `यो फोन नम्बरमा भुक्तानी बाँकी ${formatNumber(open, "ne")} वटा अर्डर पहिले नै छन्। तीमध्ये कुनै एकको भुक्तानी गर्नुहोस्, वा नचाहिएका अर्डर रद्द गर्न पसललाई च्याटमा भन्नुहोस्, अनि फेरि अर्डर गर्नुहोस्।`,
};

export const claimsBusy: Words<[when: string]> = {
  en: (when) =>
    `The shop is receiving very many payment notices right now. Please try again ${when}; your payment is safe, and you can also tell the shop in the chat.`,
  ne: (when) => `अहिले पसलमा एकैपटक धेरै भुक्तानी सूचना आइरहेका छन्। कृपया ${when} फेरि प्रयास गर्नुहोस्; तपाईंको भुक्तानी सुरक्षित छ, र च्याटमा पनि पसललाई भन्न सक्नुहुन्छ।`,
};

export const couponsBusy: Words<[when: string]> = {
  en: (when) =>
    `The shop is receiving very many wrong coupon codes right now, so yours was not checked. Please try it again ${when}, or order without it.`,
  ne: (when) => `अहिले पसलमा धेरै गलत कुपन कोड प्रयास भइरहेका छन्, त्यसैले तपाईंको कुपन जाँचिएन। कृपया ${when} फेरि प्रयास गर्नुहोस्, वा कुपनबिना अर्डर गर्नुहोस्।`,
};

export const claimsFromAddress: Words<[when: string]> = {
  en: (when) => `Too many tries from your address. Please try again ${when}, or tell the shop in the chat.`,
  ne: (when) => `तपाईंको ठेगानाबाट धेरै प्रयास भयो। कृपया ${when} फेरि प्रयास गर्नुहोस्, वा च्याटमा पसललाई भन्नुहोस्।`,
};

export const wrongLinks: Words<[when: string]> = {
  en: (when) => `Too many wrong order links from your address. Please try again ${when}.`,
  ne: (when) => `तपाईंको ठेगानाबाट धेरै गलत अर्डर लिङ्क खोलियो। कृपया ${when} फेरि प्रयास गर्नुहोस्।`,
};

// ---------------------------------------------------------------------------------------------
// Problems a shopper reports (problems/problems.ts, server/modules/problems)

export const problemNotDelivered: Words = {
  en: () => "You can report a problem once the order is delivered. Until then, message the shop in the chat.",
  ne: () => "अर्डर डेलिभर भएपछि मात्र समस्या रिपोर्ट गर्न सकिन्छ। अहिलेलाई पसललाई च्याटमा सन्देश पठाउनुहोस्।",
};

export const problemNotThisOrder: Words = {
  en: () => "This line is not part of this order. Open your order page again.",
  ne: () => "यो लाइन यो अर्डरको होइन। अर्डरको पेज फेरि खोल्नुहोस्।",
};

export const problemsTooManyOpen: Words<[open: number]> = {
  en: (open) => `This order already has ${open} open problems. Report again once the shop has answered them, or message the shop in the chat.`,
  ne: (open) => `यो अर्डरमा ${formatNumber(open, "ne")} वटा समस्या अझै खुला छन्। पसलले जवाफ दिएपछि फेरि रिपोर्ट गर्नुहोस्, वा च्याटमा सन्देश पठाउनुहोस्।`,
};

export const problemsTooManyReports: Words<[minutes: number]> = {
  en: (minutes) =>
    `Too many reports for this order in an hour. Please send again in ${minutes === 1 ? "a minute" : `${minutes} minutes`}, or tell the shop in the chat.`,
  ne: (minutes) => `यो अर्डरबाट एक घण्टामा धेरै रिपोर्ट आए। कृपया ${formatNumber(minutes, "ne")} मिनेटपछि फेरि पठाउनुहोस्, वा च्याटमा पसललाई भन्नुहोस्।`,
};

// ---------------------------------------------------------------------------------------------
// A holder's Netflix codes from the account's mailbox (household-mail/, server/modules/mailboxes)

export const codesNotForLine: Words = {
  en: () => "This line has no Netflix seat whose codes the shop can read. Ask the shop in a chat instead.",
  ne: () => "यो लाइनमा पसलले कोड पढ्न सक्ने Netflix सिट छैन। बरु च्याटमा पसललाई सोध्नुहोस्।",
};

export const codesTooMany: Words<[asks: number, minutes: number]> = {
  en: (asks, minutes) =>
    `You asked for ${asks} codes in the last hour. Try again in ${minutes === 1 ? "a minute" : `${minutes} minutes`}, or ask the shop in a chat.`,
  ne: (asks, minutes) =>
    `तपाईंले पछिल्लो एक घण्टामा ${formatNumber(asks, "ne")} पटक कोड माग्नुभयो। ${formatNumber(minutes, "ne")} मिनेटपछि फेरि प्रयास गर्नुहोस्, वा च्याटमा पसललाई सोध्नुहोस्।`,
};

/** The first line of the chat message that tells a shopper the seller's answer. */
export const problemAnswerHead: Words<[reference: string, lineName: string]> = {
  en: (reference, lineName) => `Order ${reference}, ${lineName}:`,
  ne: (reference, lineName) => `अर्डर ${reference}, ${lineName}:`,
};

// ---------------------------------------------------------------------------------------------
// What the seller sends a shopper from the admin (ledger/seller-messages.ts)

/** "3 months" or "3 महिना". */
export const planMonths: Words<[count: number]> = { en: (count) => monthsLabel(count), ne: (count) => `${count} महिना` };

/** A seat without a profile name, as the delivery message calls it. */
export const seatLabel: Words<[position: number]> = { en: (position) => `Seat ${position}`, ne: (position) => `सिट ${position}` };

type Seat = { service: string; profileName: string; position: number };
/** "Netflix 1, profile Sita" or "Netflix 1, seat 2"; in Nepali "Netflix 1, प्रोफाइल Sita" or "Netflix 1, सिट 2". */
export const seatPlace: Words<[seat: Seat]> = {
  en: (seat) => `${seat.service}, ${seat.profileName ? `profile ${seat.profileName}` : `seat ${seat.position}`}`,
  ne: (seat) => `${seat.service}, ${seat.profileName ? `प्रोफाइल ${seat.profileName}` : `सिट ${seat.position}`}`,
};

type Reminder = {
  customerName: string | null;
  name: string;
  plan: string;
  day: string;
  currentPrice: number | null;
  seat: string | null;
  /** The line's renewal page, chosen already, to pay online in a tap (issue 46); null without the shop's public URL. */
  link: string | null;
};
/** The reminder of a line about to end, with today's price when the plan is still sold, the seat it keeps and where to renew. */
export const renewalReminder: Words<[reminder: Reminder]> = {
  en: (r) =>
    [
      r.customerName ? `Hello ${r.customerName}!` : "Hello!",
      `Your ${r.name} (${r.plan}) ends on ${r.day}.`,
      r.currentPrice === null
        ? "Reply here if you would like to renew it."
        : `Renewing it for another ${r.plan} costs NPR ${formatNpr(r.currentPrice)}. ${r.link ? "Renew and pay here:" : "Reply here to renew."}`,
      ...(r.link && r.currentPrice !== null ? [r.link] : []),
      ...(r.seat ? [`Renewing keeps you on the same place: ${r.seat}.`] : []),
    ].join(" "),
  ne: (r) =>
    [
      r.customerName ? `नमस्ते ${r.customerName}!` : "नमस्ते!",
      `तपाईंको ${r.name} (${r.plan}) को अवधि ${r.day} मा सकिन्छ।`,
      r.currentPrice === null
        ? "नवीकरण गर्न चाहनुहुन्छ भने यहीँ जवाफ दिनुहोस्।"
        : `अर्को ${r.plan} का लागि नवीकरण गर्दा रु. ${formatNpr(r.currentPrice)} लाग्छ। ${r.link ? "यहाँ नवीकरण गरेर तिर्नुहोस्:" : "नवीकरण गर्न यहीँ जवाफ दिनुहोस्।"}`,
      ...(r.link && r.currentPrice !== null ? [r.link] : []),
      ...(r.seat ? [`नवीकरण गर्दा तपाईं उही ठाउँमा रहनुहुन्छ: ${r.seat}।`] : []),
    ].join(" "),
};

// ---------------------------------------------------------------------------------------------
// A page turned away while the shop is busy (server/plugins/load-shedding.ts)

export const busyPage: Words<[seconds: number]> = {
  en: (seconds) => `The shop is very busy right now. Please try again in ${seconds} seconds.`,
  ne: (seconds) => `पसल अहिले धेरै व्यस्त छ। कृपया ${formatNumber(seconds, "ne")} सेकेन्डपछि फेरि प्रयास गर्नुहोस्।`,
};

// ---------------------------------------------------------------------------------------------
// Warranty (warranty/warranty.ts, ADR 0128)

/** The delivery message's sentence of the warranty; `until` already worded for the message (messageDay), null while it lasts. */
export const deliveryWarranty: Words<[until: string | null]> = {
  en: (until) => (until ? `If it stops working, the shop replaces it free until ${until}.` : "If it stops working, the shop replaces it free."),
  ne: (until) => (until ? `काम गर्न छाडेमा ${until} सम्म पसलले निःशुल्क बदलिदिन्छ।` : "काम गर्न छाडेमा पसलले निःशुल्क बदलिदिन्छ।"),
};
