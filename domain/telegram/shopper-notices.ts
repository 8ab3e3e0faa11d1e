import type { Locale } from "../shared/locale";
import { formatNpr, formatNumber } from "../shared/locale-format";
import { escapeHtml as escape } from "./notices";
import type { HolderMessageReason } from "../ledger/accounts";

/*
 * What the shop's Telegram bot tells a shopper who asked for updates on the order page (ADR 0107), in
 * the order's language: a small dictionary of our own, like the seller's notices (domain/telegram/notices.ts) and the
 * delivery message (ADR 0094). Each message names the order and links to its page; never a login, password or
 * key. Telegram HTML, every fact escaped.
 */

/** What happened to an order a shopper's chat follows; the rest is read from the order when it is sent. */
export type ShopperEvent =
  | { kind: "shopper-paid"; orderId: string }
  | { kind: "shopper-delivered"; orderId: string }
  | {
      kind: "shopper-renewal";
      orderId: string;
      lineId: string;
      name: string;
      expiryDate: string;
      /** The line renews itself from store credit, which is this many NPR short of it (ADR 0127). */
      shortBy?: number;
    }
  /** The line renewed itself from the customer's store credit (ADR 0127): `reference` the renewal, `amount` what it took. */
  | { kind: "shopper-auto-renewed"; orderId: string; lineId: string; name: string; reference: string; amount: number }
  /**
   * The sign-in of a seat the order holds changed: its account's password, its PIN, or the seat moved to another
   * account. `item` is what the shopper bought; a notice queued before 2026-12-01 has the account's `service`.
   */
  | { kind: "shopper-password"; orderId: string; item?: string; reason?: HolderMessageReason; service?: string }
  /** The seller acted on a problem the shopper reported: answered, moved their seat, gave a new key, resolved. */
  | { kind: "shopper-problem"; orderId: string; what: ShopperProblemNews };

export type ShopperProblemNews = "answered" | "seat-moved" | "new-key" | "refunded" | "resolved";

export const SHOPPER_KINDS: ReadonlySet<string> = new Set([
  "shopper-paid",
  "shopper-delivered",
  "shopper-renewal",
  "shopper-auto-renewed",
  "shopper-password",
  "shopper-problem",
]);

/** A one-time token of the order page's deep link: 144 random bits, base64url, as an order key. */
export const shopperTokenPattern = /^[A-Za-z0-9_-]{24}$/;

/** How long the order page's link works. */
export const SHOPPER_TOKEN_MINUTES = 30;

/** The days before a subscription's end when its shopper is reminded. */
export const REMINDER_DAYS = [3, 1] as const;

/** Which reminder a line ending in `daysLeft` days is due for, if any: the 3-day one until the last day, then the 1-day one. */
export function reminderDue(daysLeft: number): (typeof REMINDER_DAYS)[number] | null {
  if (daysLeft < 0 || daysLeft > 3) return null;
  return daysLeft > 1 ? 3 : 1;
}

/**
 * Callback data of the shopper's buttons: Stop; and "also my later orders", which welcomes sent before 2026-11-28
 * carry (ADR 0116: an order page's link follows that order alone, so the press is answered with where to go).
 */
export const STOP_DATA = "stop";
export function readLaterData(data: string): string | null {
  return /^later:([A-Za-z0-9_-]{8,40})$/.exec(data)?.[1] ?? null;
}

const WORDS = {
  en: {
    paid: (ref: string) => `Your payment for order ${ref} is confirmed. The shop will deliver it soon.`,
    delivered: (ref: string) => `Order ${ref} is delivered. Open your order page to see what you got and how to use it.`,
    renewal: (name: string, days: number, date: string) =>
      `Your ${name} ends ${days === 1 ? "tomorrow" : `in ${days} days`} (${date}). Renew it to keep it without a break.`,
    short: (amount: string) => `Your store credit is ${amount} short of renewing it by itself: top it up, or renew and pay here.`,
    autoRenewed: (name: string, amount: string, ref: string) =>
      `Your ${name} renewed itself from your store credit (${amount}), order ${ref}: it goes on without a break.`,
    signIn: {
      password: (item: string, ref: string) =>
        `The shop changed the password of your ${item} account (order ${ref}). Open your order page or message the shop for the new sign-in.`,
      pin: (item: string, ref: string) => `The shop changed the PIN of your ${item} profile (order ${ref}). Open your order page for the new PIN.`,
      moved: (item: string, ref: string) =>
        `The shop moved your ${item} profile to another account (order ${ref}). Open your order page or message the shop for the new sign-in.`,
    } satisfies Record<HolderMessageReason, (item: string, ref: string) => string>,
    problem: {
      answered: (ref: string) => `The shop answered the problem you reported on order ${ref}. Open your order page to read it.`,
      "seat-moved": (ref: string) => `The shop moved you to another account for order ${ref}. Open your order page or your chat for the new sign-in.`,
      "new-key": (ref: string) => `The shop gave you a new key for order ${ref}. Open your order page to see it.`,
      refunded: (ref: string) =>
        `The shop could not replace what you reported on order ${ref}, so it refunded the days left. Open your order page to see it.`,
      resolved: (ref: string) => `The shop marked the problem you reported on order ${ref} as solved.`,
    } satisfies Record<ShopperProblemNews, (ref: string) => string>,
    open: "Open your order",
    openAll: "Open your orders",
    renew: "Renew",
    stop: "Stop updates",
  },
  ne: {
    paid: (ref: string) => `अर्डर ${ref} को भुक्तानी पक्का भयो। पसलले छिट्टै डेलिभर गर्नेछ।`,
    delivered: (ref: string) => `अर्डर ${ref} डेलिभर भयो। के पाउनुभयो र कसरी चलाउने भनेर अर्डरको पेज खोल्नुहोस्।`,
    renewal: (name: string, days: number, date: string) =>
      `तपाईंको ${name} ${days === 1 ? "भोलि" : `${formatNumber(days, "ne")} दिनमा`} (${date}) सकिन्छ। नरोकिई चलाउन नवीकरण गर्नुहोस्।`,
    short: (amount: string) => `आफैं नवीकरण हुन तपाईंको स्टोर क्रेडिटमा ${amount} कम छ: टप-अप गर्नुहोस्, वा यहाँ नवीकरण गरेर तिर्नुहोस्।`,
    autoRenewed: (name: string, amount: string, ref: string) =>
      `तपाईंको ${name} तपाईंको स्टोर क्रेडिट (${amount}) बाट आफैं नवीकरण भयो, अर्डर ${ref}: यो नरोकिई चल्छ।`,
    signIn: {
      password: (item: string, ref: string) =>
        `पसलले तपाईंको ${item} खाताको पासवर्ड फेर्नुभयो (अर्डर ${ref})। नयाँ साइन-इनका लागि अर्डरको पेज खोल्नुहोस् वा पसललाई सन्देश पठाउनुहोस्।`,
      pin: (item: string, ref: string) => `पसलले तपाईंको ${item} प्रोफाइलको PIN फेर्नुभयो (अर्डर ${ref})। नयाँ PIN का लागि अर्डरको पेज खोल्नुहोस्।`,
      moved: (item: string, ref: string) =>
        `पसलले तपाईंको ${item} प्रोफाइल अर्को खातामा सार्नुभयो (अर्डर ${ref})। नयाँ साइन-इनका लागि अर्डरको पेज खोल्नुहोस् वा पसललाई सन्देश पठाउनुहोस्।`,
    } satisfies Record<HolderMessageReason, (item: string, ref: string) => string>,
    problem: {
      answered: (ref: string) => `अर्डर ${ref} मा तपाईंले रिपोर्ट गरेको समस्याको पसलले जवाफ दिनुभयो। पढ्न अर्डरको पेज खोल्नुहोस्।`,
      "seat-moved": (ref: string) => `अर्डर ${ref} का लागि पसलले तपाईंलाई अर्को खातामा सार्नुभयो। नयाँ साइन-इनका लागि अर्डरको पेज वा च्याट हेर्नुहोस्।`,
      "new-key": (ref: string) => `अर्डर ${ref} का लागि पसलले नयाँ की दिनुभयो। हेर्न अर्डरको पेज खोल्नुहोस्।`,
      refunded: (ref: string) => `अर्डर ${ref} मा तपाईंले रिपोर्ट गरेको सामान पसलले बदल्न सकेन, त्यसैले बाँकी दिनको रकम फिर्ता गर्नुभयो। हेर्न अर्डरको पेज खोल्नुहोस्।`,
      resolved: (ref: string) => `अर्डर ${ref} मा तपाईंले रिपोर्ट गरेको समस्या पसलले समाधान भएको चिन्ह लगाउनुभयो।`,
    } satisfies Record<ShopperProblemNews, (ref: string) => string>,
    open: "अर्डर खोल्नुहोस्",
    openAll: "आफ्ना अर्डर खोल्नुहोस्",
    renew: "नवीकरण गर्नुहोस्",
    stop: "सूचना रोक्नुहोस्",
  },
} satisfies Record<Locale, unknown>;

export const shopperWords = (locale: Locale) => WORDS[locale];

/**
 * The message of one notice to a shopper, in HTML: what happened, then the order's link (`orderUrl`, absolute
 * on the shop's public URL, or its path alone without one). `daysLeft` for a renewal reminder.
 */
export function shopperMessage(
  event: ShopperEvent,
  locale: Locale,
  order: { reference: string; orderUrl: string; daysLeft?: number; customerPage?: boolean },
): string {
  const w = WORDS[locale];
  const ref = `<b>${escape(order.reference)}</b>`;
  let head: string;
  switch (event.kind) {
    case "shopper-paid":
      head = w.paid(ref);
      break;
    case "shopper-delivered":
      head = w.delivered(ref);
      break;
    case "shopper-renewal":
      head = w.renewal(`<b>${escape(event.name)}</b>`, Math.max(order.daysLeft ?? 1, 1), escape(event.expiryDate));
      if (event.shortBy) head += ` ${w.short(escape(formatNpr(event.shortBy, locale)))}`;
      break;
    case "shopper-auto-renewed":
      head = w.autoRenewed(`<b>${escape(event.name)}</b>`, escape(formatNpr(event.amount, locale)), `<b>${escape(event.reference)}</b>`);
      break;
    case "shopper-password":
      head = w.signIn[event.reason ?? "password"](`<b>${escape(event.item ?? event.service ?? "")}</b>`, ref);
      break;
    case "shopper-problem":
      head = w.problem[event.what](ref);
      break;
  }
  if (!order.orderUrl) return head;
  const url = escape(order.orderUrl);
  const open = order.customerPage ? w.openAll : w.open;
  const link = order.orderUrl.startsWith("http") ? `<a href="${url}">${open}</a>` : `${open}: ${url}`;
  return `${head}\n\n${link}`;
}

/** What the bot answers a shopper itself. */
export const SHOPPER_REPLIES = {
  en: {
    following: (ref: string) => `You will get updates about order ${ref} here: payment confirmed, delivered, renewal reminders.`,
    followingAll: "You will get updates about all your orders here, and your later ones: payment confirmed, delivered, renewal reminders.",
    laterMoved:
      "To hear about all your orders, open your page of subscriptions (the link in the shop's delivery message) and press “Get updates on Telegram” there.",
    unknownToken: "This link has been used or has expired. Open your order page and press “Get updates on Telegram” again.",
    sellerChat: "This chat gets the seller's notices, so it cannot follow an order. Open the link from another Telegram account.",
    hello: "You get updates about your orders here. Send /stop to end them.",
    stopped: "Stopped: this chat gets no more updates from the shop.",
    notYours: "This chat does not follow that order any more.",
  },
  ne: {
    following: (ref: string) => `अर्डर ${ref} का सूचना यहाँ आउनेछन्: भुक्तानी पक्का, डेलिभर, नवीकरणको सम्झना।`,
    followingAll: "तपाईंका सबै अर्डर र पछिका अर्डरका सूचना यहाँ आउनेछन्: भुक्तानी पक्का, डेलिभर, नवीकरणको सम्झना।",
    laterMoved: "सबै अर्डरका सूचना पाउन, आफ्नो सदस्यताको पेज (पसलको डेलिभरी सन्देशमा आएको लिङ्क) खोलेर त्यहाँ “Telegram मा सूचना पाउनुहोस्” थिच्नुहोस्।",
    unknownToken: "यो लिङ्क प्रयोग भइसक्यो वा म्याद सकियो। अर्डरको पेज खोलेर “Telegram मा सूचना पाउनुहोस्” फेरि थिच्नुहोस्।",
    sellerChat: "यो च्याटमा पसलेका सूचना आउँछन्, त्यसैले अर्डर पछ्याउन सक्दैन। अर्को Telegram खाताबाट लिङ्क खोल्नुहोस्।",
    hello: "तपाईंका अर्डरका सूचना यहाँ आउँछन्। रोक्न /stop पठाउनुहोस्।",
    stopped: "रोकियो: अब यो च्याटमा पसलका सूचना आउँदैनन्।",
    notYours: "यो च्याटले त्यो अर्डर अब पछ्याउँदैन।",
  },
} satisfies Record<Locale, unknown>;
