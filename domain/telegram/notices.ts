/*
 * What the seller's Telegram bot tells the admins who connected a chat (ADR 0105): the notices, their
 * buttons, quiet hours and the daily digest. Written in the chat's language from the facts each notice keeps, in a
 * small dictionary of our own like the seller's messages (ADR 0094): references, amounts and logins keep Western
 * digits, so the seller can read and search for them. Messages use Telegram's HTML (only <b>, <i>, <a>, <code>),
 * every fact escaped.
 */

import type { ChatChannel } from "../orders/checkout";
import type { Locale } from "../shared/locale";
import { formatNpr } from "../shared/money";
import { type Gateway, GATEWAY_NAMES } from "../payments/payments";
import { MAIL_ALERT_TEXT, type MailAlert } from "../household-mail/household-mail";

// ---------------------------------------------------------------------------------------------
// Notices

export type NoticeLine = { name: string; months: number; devices: number; lineTotal: number };

/** What happened, with the facts its message is written from. */
export type NoticeEvent =
  | {
      kind: "order-placed";
      reference: string;
      lines: NoticeLine[];
      total: number;
      channel: ChatChannel;
      customerName: string | null;
      phone: string | null;
      renews: string | null;
    }
  | { kind: "paid-claimed"; reference: string; total: number; customerName: string | null; transactionId: string | null }
  | {
      kind: "payment-verified";
      reference: string;
      gateway: Gateway;
      amount: number;
      transactionId: string | null;
      /** The line a renewal order renews ("PSL-X (Netflix)"): the shopper renewed and paid with nobody in between. */
      renews?: string | null;
    }
  | { kind: "payment-to-check"; reference: string; gateway: Gateway; amount: number; detail: string }
  | { kind: "stock-low"; itemId: string; itemName: string; free: number; threshold: number }
  | { kind: "account-due"; accountId: string; service: string; login: string; date: string; renews: boolean; daysLeft: number }
  /** A shopper reported a problem on a delivered line (ADR 0111). */
  | { kind: "problem-reported"; reference: string; lineName: string; problemKind: string; text: string; customerName: string | null }
  /** The account's mailbox says something the seller must see (ADR 0126): a MailAlert, when the mail came. */
  | { kind: "account-mail"; accountId: string; service: string; login: string; alert: MailAlert; at: string }
  | {
      kind: "renewal-due";
      lineId: string;
      reference: string;
      name: string;
      customerName: string | null;
      phone: string | null;
      expiryDate: string;
    };

/** The buttons a notice may carry; each acts once, through the same service as the admin's screens. */
export const NOTICE_ACTIONS = ["paid", "deliver", "remind"] as const;
export type NoticeAction = (typeof NOTICE_ACTIONS)[number];

/** Telegram's callback data (64 bytes at most): the action and the notice's id, nothing else to trust. */
export const callbackData = (action: NoticeAction, noticeId: string) => `${action}:${noticeId}`;
export function readCallbackData(data: string): { action: NoticeAction; noticeId: string } | null {
  const match = /^(paid|deliver|remind):([A-Za-z0-9_-]{8,40})$/.exec(data);
  return match ? { action: match[1] as NoticeAction, noticeId: match[2]! } : null;
}

/** Who pressed which button, for the line the message gets once it is done. */
export type Press = { action: NoticeAction; adminName: string; at: string };

/** A fact in Telegram's HTML: only these four characters are special there. */
export const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);
const escape = escapeHtml;

/** The language of a Telegram user's app, for the bot's replies before a chat has a language of its own. */
export const localeOfTelegramUser = (languageCode: string | undefined): Locale => (languageCode?.startsWith("ne") ? "ne" : "en");
const bold = (text: string) => `<b>${escape(text)}</b>`;

const WORDS = {
  en: {
    orderPlaced: "New order",
    paidClaimed: "Customer says paid",
    verified: (gateway: string) => `Paid with ${gateway}, confirmed by it`,
    renewedPaid: (gateway: string) => `Renewed and paid with ${gateway}, confirmed by it`,
    toCheck: "A payment to check",
    stockLow: (item: string, free: number) => (free === 0 ? `${item} is out of stock` : `${item}: only ${free} left`),
    stockHint: (threshold: number) => `At or below ${threshold} free seats and keys. Add an account or import keys.`,
    accountBill: (days: number) => `Provider bill due ${days === 0 ? "today" : days === 1 ? "tomorrow" : `in ${days} days`}`,
    accountEnds: (days: number) => `Provider account ends ${days === 0 ? "today" : days === 1 ? "tomorrow" : `in ${days} days`}`,
    renewalDue: "Renewal due tomorrow, no reminder sent",
    problem: "A customer reports a problem",
    accountMail: {
      "password-changed": "Password changed",
      "new-sign-in": "New sign-in",
      "payment-failed": "Payment failed",
      "unasked-code": "A code nobody asked for",
      "mailbox-failing": "Mailbox not readable",
    } as Record<MailAlert, string>,
    accountMailText: MAIL_ALERT_TEXT,
    openAccount: "Open account",
    ends: "ends",
    customer: "Customer",
    noName: "no name given",
    channel: { whatsapp: "WhatsApp", telegram: "Telegram" } as Record<ChatChannel, string>,
    via: "via",
    total: "Total",
    amount: "Amount",
    renews: "Renews",
    transaction: "Transaction",
    months: (n: number) => (n === 1 ? "1 month" : `${n} months`),
    devices: (n: number) => (n === 1 ? "1 device" : `${n} devices`),
    open: "Open in the admin",
    npr: (amount: number) => `NPR ${formatNpr(amount)}`,
    markPaid: "Mark paid",
    deliver: "Deliver",
    remind: "Remind",
    done: { paid: "marked it paid", deliver: "delivered it", remind: "reminded the customer" } as Record<NoticeAction, string>,
    digest: "Your daily digest",
    quiet: "While your quiet hours lasted",
    more: (n: number) => `…and ${n} more: see the admin.`,
    sendWhatsApp: "Send on WhatsApp",
    sendTelegram: "Send on Telegram",
    forward: "Forward this to the customer:",
  },
  ne: {
    orderPlaced: "नयाँ अर्डर",
    paidClaimed: "ग्राहकले भुक्तानी गरेको बताउनुभयो",
    verified: (gateway: string) => `${gateway} बाट भुक्तानी भयो र पुष्टि भयो`,
    renewedPaid: (gateway: string) => `${gateway} बाट नवीकरण गरी तिरियो र पुष्टि भयो`,
    toCheck: "जाँच्नुपर्ने भुक्तानी",
    stockLow: (item: string, free: number) => (free === 0 ? `${item} को स्टक सकियो` : `${item}: ${free} मात्र बाँकी`),
    stockHint: (threshold: number) => `खाली सिट र की ${threshold} वा कम। खाता थप्नुहोस् वा की आयात गर्नुहोस्।`,
    accountBill: (days: number) => `प्रदायकको बिल ${days === 0 ? "आज" : days === 1 ? "भोलि" : `${days} दिनमा`} तिर्नुपर्ने`,
    accountEnds: (days: number) => `प्रदायकको खाता ${days === 0 ? "आज" : days === 1 ? "भोलि" : `${days} दिनमा`} सकिन्छ`,
    renewalDue: "भोलि नवीकरण, सम्झाइएको छैन",
    problem: "ग्राहकले समस्या रिपोर्ट गर्नुभयो",
    accountMail: {
      "password-changed": "पासवर्ड परिवर्तन भयो",
      "new-sign-in": "नयाँ साइन इन",
      "payment-failed": "भुक्तानी असफल",
      "unasked-code": "कसैले नमागेको कोड",
      "mailbox-failing": "मेलबक्स पढ्न सकिएन",
    } as Record<MailAlert, string>,
    accountMailText: {
      "password-changed": "Netflix ले पासवर्ड परिवर्तन भएको बतायो। तपाईंले गर्नुभएको होइन भने साइन इन गरेर खाता फिर्ता लिनुहोस्; अनि नयाँ पासवर्ड यहाँ राख्नुहोस्।",
      "new-sign-in": "Netflix ले खातामा नयाँ डिभाइसले साइन इन गरेको बतायो।",
      "payment-failed": "Netflix ले खाताको भुक्तानी असफल भएको बतायो। बिल तिर्नुहोस्, नत्र खाता रोकिन्छ।",
      "unasked-code": "यहाँ कसैले नमागेको कोड वा household लिङ्क Netflix ले पठायो: कसैले खाता चलाइरहेको हुन सक्छ।",
      "mailbox-failing": "केही समयदेखि मेलबक्स पढ्न सकिएको छैन, त्यसैले होल्डरहरूले कोड पाउन सक्दैनन्।",
    } as Record<MailAlert, string>,
    openAccount: "खाता खोल्नुहोस्",
    ends: "सकिने",
    customer: "ग्राहक",
    noName: "नाम दिइएको छैन",
    channel: { whatsapp: "WhatsApp", telegram: "Telegram" } as Record<ChatChannel, string>,
    via: "मार्फत",
    total: "जम्मा",
    amount: "रकम",
    renews: "नवीकरण",
    transaction: "कारोबार",
    months: (n: number) => `${n} महिना`,
    devices: (n: number) => `${n} डिभाइस`,
    open: "एडमिनमा खोल्नुहोस्",
    npr: (amount: number) => `रु. ${formatNpr(amount)}`,
    markPaid: "भुक्तानी भयो",
    deliver: "डेलिभर गर्नुहोस्",
    remind: "सम्झाउनुहोस्",
    done: { paid: "ले भुक्तानी भएको चिन्ह लगाउनुभयो", deliver: "ले डेलिभर गर्नुभयो", remind: "ले ग्राहकलाई सम्झाउनुभयो" } as Record<NoticeAction, string>,
    digest: "आजको सारांश",
    quiet: "शान्त समयमा आएका सूचना",
    more: (n: number) => `…र अरू ${n}: एडमिनमा हेर्नुहोस्।`,
    sendWhatsApp: "WhatsApp मा पठाउनुहोस्",
    sendTelegram: "Telegram मा पठाउनुहोस्",
    forward: "यो ग्राहकलाई फर्वार्ड गर्नुहोस्:",
  },
} satisfies Record<Locale, unknown>;

export const noticeWords = (locale: Locale) => WORDS[locale];

/** Where a notice is looked at in the admin. */
export function noticePath(event: NoticeEvent): string {
  switch (event.kind) {
    case "stock-low":
      return "/admin/accounts";
    case "account-due":
      return `/admin/accounts?q=${encodeURIComponent(event.login || event.service)}`;
    case "renewal-due":
      return "/admin/renewals";
    case "problem-reported":
      return "/admin/problems";
    case "account-mail":
      return `/admin/accounts/${encodeURIComponent(event.accountId)}`;
    case "payment-to-check":
      return "/admin/orders?q=" + encodeURIComponent(event.reference);
    default:
      return `/admin/orders?q=${encodeURIComponent(event.reference)}`;
  }
}

/** The notice's one-line title, for the message's head and the digest. */
export function noticeTitle(event: NoticeEvent, locale: Locale): string {
  const w = WORDS[locale];
  switch (event.kind) {
    case "order-placed":
      return `${w.orderPlaced} ${event.reference}`;
    case "paid-claimed":
      return `${w.paidClaimed}: ${event.reference}`;
    case "payment-verified":
      return `${(event.renews ? w.renewedPaid : w.verified)(GATEWAY_NAMES[event.gateway])}: ${event.reference}`;
    case "payment-to-check":
      return `${w.toCheck}: ${event.reference}`;
    case "stock-low":
      return w.stockLow(event.itemName, event.free);
    case "account-due":
      return `${event.renews ? w.accountBill(event.daysLeft) : w.accountEnds(event.daysLeft)}: ${event.service}`;
    case "renewal-due":
      return `${w.renewalDue}: ${event.name} (${event.reference})`;
    case "problem-reported":
      return `${w.problem}: ${event.lineName} (${event.reference})`;
    case "account-mail":
      return `${w.accountMail[event.alert]}: ${event.service}`;
  }
}

const customerLine = (w: (typeof WORDS)[Locale], name: string | null, phone: string | null) =>
  `${w.customer}: ${escape(name ?? w.noName)}${phone ? ` · ${escape(phone)}` : ""}`;

/**
 * The message of one notice, in HTML: its title in bold, its facts, a link to it in the admin (`adminUrl`, or the
 * path alone when the shop has no public URL to link to), and a line for each button already pressed.
 */
export function noticeMessage(event: NoticeEvent, locale: Locale, adminUrl: string | null, presses: readonly Press[] = []): string {
  const w = WORDS[locale];
  const lines = [bold(noticeTitle(event, locale))];
  switch (event.kind) {
    case "order-placed":
      for (const line of event.lines) {
        lines.push(`• ${escape(line.name)} · ${w.months(line.months)} · ${w.devices(line.devices)} · ${w.npr(line.lineTotal)}`);
      }
      lines.push(`${w.total}: ${bold(w.npr(event.total))} ${w.via} ${w.channel[event.channel]}`);
      lines.push(customerLine(w, event.customerName, event.phone));
      if (event.renews) lines.push(`${w.renews}: ${escape(event.renews)}`);
      break;
    case "paid-claimed":
      lines.push(`${w.total}: ${w.npr(event.total)}`);
      lines.push(customerLine(w, event.customerName, null));
      if (event.transactionId) lines.push(`${w.transaction}: <code>${escape(event.transactionId)}</code>`);
      break;
    case "payment-verified":
      lines.push(`${w.amount}: ${w.npr(event.amount)}`);
      if (event.renews) lines.push(`${w.renews}: ${escape(event.renews)}`);
      if (event.transactionId) lines.push(`${w.transaction}: <code>${escape(event.transactionId)}</code>`);
      break;
    case "payment-to-check":
      lines.push(`${GATEWAY_NAMES[event.gateway]} · ${w.npr(event.amount)}`);
      lines.push(escape(event.detail));
      break;
    case "stock-low":
      lines.push(escape(w.stockHint(event.threshold)));
      break;
    case "account-due":
      lines.push(`${escape(event.service)}${event.login ? ` · <code>${escape(event.login)}</code>` : ""} · ${escape(event.date)}`);
      break;
    case "renewal-due":
      lines.push(customerLine(w, event.customerName, event.phone));
      lines.push(`${w.ends}: ${escape(event.expiryDate)}`);
      break;
    case "problem-reported":
      lines.push(customerLine(w, event.customerName, null));
      lines.push(`${escape(event.problemKind)}: ${escape(event.text)}`);
      break;
    case "account-mail":
      lines.push(`${escape(event.service)} · <code>${escape(event.login)}</code> · ${escape(shopClock(new Date(event.at)))}`);
      lines.push(escape(w.accountMailText[event.alert]));
      break;
  }
  const path = noticePath(event);
  const open = event.kind === "account-mail" ? w.openAccount : w.open;
  lines.push(adminUrl ? `<a href="${escape(adminUrl)}">${open}</a>` : `${open}: ${escape(path)}`);
  for (const press of presses) lines.push(`✓ ${escape(press.adminName)} ${w.done[press.action]} (${shopClock(new Date(press.at))})`);
  return lines.join("\n");
}

/** Most lines a digest lists; the rest are counted. Telegram takes 4,096 characters a message. */
const DIGEST_LINES = 40;

/** Several notices held for quiet hours or the daily digest, as one message: a line and a link each. */
export function digestMessage(
  items: ReadonlyArray<{ event: NoticeEvent; adminUrl: string | null }>,
  locale: Locale,
  reason: "digest" | "quiet",
): string {
  const w = WORDS[locale];
  const shown = items.slice(0, DIGEST_LINES).map(({ event, adminUrl }) => {
    const title = escape(noticeTitle(event, locale));
    return `• ${adminUrl ? `<a href="${escape(adminUrl)}">${title}</a>` : title}`;
  });
  const rest = items.length - shown.length;
  return [bold(reason === "digest" ? w.digest : w.quiet), ...shown, ...(rest > 0 ? [escape(w.more(rest))] : [])].join("\n");
}

// ---------------------------------------------------------------------------------------------
// The shop's clock: quiet hours and the digest

/** Nepal keeps UTC+05:45 all year (no daylight saving), so a clock time maps to one instant a day. */
const SHOP_OFFSET_MINUTES = 5 * 60 + 45;
const DAY_MS = 86_400_000;

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Minutes past midnight on the shop's clock. */
function shopMinutesNow(now: Date): number {
  return Math.floor((now.getTime() / 60_000 + SHOP_OFFSET_MINUTES) % (24 * 60));
}

/** "14:05" on the shop's clock. */
export function shopClock(at: Date): string {
  const minutes = shopMinutesNow(at);
  return `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
}

/** The next instant after `now` when the shop's clock reads `time`. */
export function nextClockTime(now: Date, time: string): Date {
  const shopMidnight = Math.floor((now.getTime() + SHOP_OFFSET_MINUTES * 60_000) / DAY_MS) * DAY_MS - SHOP_OFFSET_MINUTES * 60_000;
  let at = shopMidnight + minutesOf(time) * 60_000;
  if (at <= now.getTime()) at += DAY_MS;
  return new Date(at);
}

/** Whether the shop's clock at `now` is within quiet hours (which may run over midnight). */
export function inQuietHours(now: Date, start: string, end: string): boolean {
  const m = shopMinutesNow(now);
  const s = minutesOf(start);
  const e = minutesOf(end);
  return s < e ? m >= s && m < e : m >= s || m < e;
}

/**
 * When a notice due at `now` may go to a chat: null for now, else the end of its quiet hours, or its next
 * digest when it takes one digest a day instead of single messages.
 */
export function heldUntil(
  now: Date,
  prefs: { quietStart: string | null; quietEnd: string | null; digestAt: string | null },
): { until: Date; reason: "digest" | "quiet" } | null {
  if (prefs.digestAt) return { until: nextClockTime(now, prefs.digestAt), reason: "digest" };
  if (prefs.quietStart && prefs.quietEnd && inQuietHours(now, prefs.quietStart, prefs.quietEnd)) {
    return { until: nextClockTime(now, prefs.quietEnd), reason: "quiet" };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Replies of the bot itself

export const BOT_REPLIES = {
  en: {
    connected: (admin: string) =>
      `Connected. This chat now gets Pasal's notices for ${admin}: new orders, payments, stock running out, bills and renewals due. Send /stop to disconnect it.`,
    unknownCode: "That code is not known or has expired. Press Connect in Pasal's Settings → Notifications again and send the new code.",
    hello: "Hello! To get Pasal's notices here, press Connect in Pasal's admin, Settings → Notifications, and send the code it shows.",
    already: (admin: string) => `This chat gets Pasal's notices for ${admin}. Send /stop to disconnect it.`,
    stopped: "Disconnected: this chat gets no more notices.",
    notConnected: "This chat is not connected to Pasal: nothing was done.",
    alreadyDone: (who: string) => `Already done by ${who}.`,
    done: "Done.",
  },
  ne: {
    connected: (admin: string) =>
      `जोडियो। अब यो च्याटमा ${admin} का लागि Pasal का सूचना आउँछन्: नयाँ अर्डर, भुक्तानी, सकिँदै गरेको स्टक, बिल र नवीकरण। छुटाउन /stop पठाउनुहोस्।`,
    unknownCode: "यो कोड चिनिएन वा म्याद सकियो। Pasal को Settings → Notifications मा फेरि Connect थिचेर नयाँ कोड पठाउनुहोस्।",
    hello: "नमस्ते! यहाँ Pasal का सूचना पाउन Pasal एडमिनको Settings → Notifications मा Connect थिचेर देखिएको कोड पठाउनुहोस्।",
    already: (admin: string) => `यो च्याटमा ${admin} का लागि Pasal का सूचना आउँछन्। छुटाउन /stop पठाउनुहोस्।`,
    stopped: "छुटाइयो: अब यो च्याटमा सूचना आउँदैनन्।",
    notConnected: "यो च्याट Pasal सँग जोडिएको छैन: केही गरिएन।",
    alreadyDone: (who: string) => `${who} ले पहिल्यै गरिसक्नुभयो।`,
    done: "भयो।",
  },
} satisfies Record<Locale, unknown>;
