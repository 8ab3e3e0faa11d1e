/**
 * What the shop reads from a provider account's mailbox (issue 45): Netflix's mails that a holder needs (a travel
 * code, a household update, a sign-in code) and the ones that say something about the account's health. Only the
 * kind, the code or link and the times are kept; never the mail's body.
 */

export const PROVIDER_MAIL_KINDS = ["travel-code", "household-update", "sign-in-code", "password-changed", "new-sign-in", "payment-failed"] as const;
export type ProviderMailKind = (typeof PROVIDER_MAIL_KINDS)[number];

/** The kinds a holder asks for from the order page; the others are for the seller. */
export const HOLDER_MAIL_KINDS = ["travel-code", "household-update", "sign-in-code"] as const satisfies readonly ProviderMailKind[];
export type HolderMailKind = (typeof HOLDER_MAIL_KINDS)[number];

/** How long Netflix's codes and household links work after the mail is sent. */
export const MAIL_CODE_LIFETIME_MS = 15 * 60_000;

/** Netflix's account mails come from this sender; a mailbox may name others. */
export const NETFLIX_ACCOUNT_SENDERS = ["info@account.netflix.com"] as const;

/** A mail as the reader hands it over: what the classifier looks at, and nothing it would keep. */
export interface ProviderMail {
  /** The From address, lowercase. */
  from: string;
  /** Every Authentication-Results header's value, topmost first. */
  authenticationResults: string[];
  subject: string;
  /** The plain text and the HTML of the mail, where it has them. */
  text: string;
  html: string;
  /** When the mailbox took it (IMAP's INTERNALDATE): not the Date header, which the sender writes. */
  receivedAt: Date;
}

export interface MailReading {
  kind: ProviderMailKind;
  /** The code or the link a holder needs; null for the seller's kinds. */
  value: string | null;
  receivedAt: Date;
  /** When the code or link stops working; null for the seller's kinds. */
  expiresAt: Date | null;
}

export interface MailTrust {
  /** Sender addresses taken at all. */
  senders: readonly string[];
  /** The mailbox provider's authserv-id, the first word of the Authentication-Results it writes (mx.google.com). */
  authservId: string;
}

const domainOf = (address: string) => address.slice(address.lastIndexOf("@") + 1).toLowerCase();

/** A DKIM signature's domain speaks for the sender when it is the sender's domain or a parent of it (relaxed alignment). */
const aligned = (signer: string, sender: string) => sender === signer || sender.endsWith(`.${signer}`);

/**
 * Whether the mailbox provider proved the sender: the topmost Authentication-Results of the configured authserv-id
 * (a provider removes ones with its own id that came with the mail, RFC 8601 §5; lower ones could be the sender's
 * own) says dkim=pass for the sender's domain. Anything else, a missing header included, proves nothing.
 */
export function senderProved(mail: Pick<ProviderMail, "from" | "authenticationResults">, trust: MailTrust): boolean {
  const from = mail.from.toLowerCase();
  if (!trust.senders.some((sender) => sender.toLowerCase() === from)) return false;
  const wanted = trust.authservId.trim().toLowerCase();
  const header = mail.authenticationResults
    .map((value) => value.replace(/\([^()]*\)/g, " ").trim())
    .find((value) => value.split(/[\s;]/, 1)[0]!.toLowerCase() === wanted);
  if (!header) return false;
  const senderDomain = domainOf(from);
  return header
    .split(";")
    .slice(1)
    .some((result) => {
      const words = result.trim().split(/\s+/);
      if (words[0]?.toLowerCase() !== "dkim=pass") return false;
      const property = (name: string) => words.find((word) => word.toLowerCase().startsWith(`${name}=`))?.slice(name.length + 1);
      const signer = property("header.d") ?? domainOf(property("header.i") ?? "");
      return signer !== "" && aligned(signer.toLowerCase(), senderDomain);
    });
}

/**
 * One row per kind: a holder's kind is found by its link or its code; the seller's kinds by the subject, in every
 * language a fixture shows. A new template is one fixture (tests/fixtures/provider-mail/) and, where it needs it,
 * one pattern here.
 */
const MAIL_RULES: readonly { kind: ProviderMailKind; link?: RegExp; subject?: RegExp; code?: RegExp }[] = [
  { kind: "travel-code", link: /^https:\/\/(?:www\.)?netflix\.com\/account\/travel\/verify\?nftoken=[\w%-]/ },
  { kind: "household-update", link: /^https:\/\/(?:www\.)?netflix\.com\/account\/(?:update|set)-primary-location\?nftoken=[\w%-]/ },
  {
    kind: "sign-in-code",
    subject: /sign-in code|código de inicio de sesión|código para iniciar sesión|साइन इन कोड/i,
    // The code stands on a line of its own; other numbers (a year in the footer) do not.
    code: /^\s*(\d{4})\s*$/m,
  },
  { kind: "password-changed", subject: /password (?:has been |was )?changed|password change|contraseña.*cambi|cambi.*contraseña/i },
  { kind: "new-sign-in", subject: /new sign-in|nuevo inicio de sesión/i },
  {
    kind: "payment-failed",
    subject: /payment (?:was )?declined|payment failed|problem with your payment|update your payment|problema con (?:tu|el) pago|pago.*rechaz/i,
  },
];

const linksIn = (mail: Pick<ProviderMail, "text" | "html">) =>
  [...`${mail.text}\n${mail.html.replaceAll("&amp;", "&")}`.matchAll(/https:\/\/[^\s"'<>()[\]]+/g)].map((match) => match[0]);

/** The kind and the code or link of a mail whose sender is proved; null for any other mail. */
export function readProviderMail(mail: ProviderMail, trust: MailTrust): MailReading | null {
  if (!senderProved(mail, trust)) return null;
  const links = linksIn(mail);
  for (const rule of MAIL_RULES) {
    let value: string | null = null;
    if (rule.link) {
      // The whole link, as the mail gives it: the page it opens reads its other parameters too.
      value = links.find((link) => rule.link!.test(link)) ?? null;
      if (!value) continue;
    } else if (!rule.subject!.test(mail.subject)) continue;
    if (rule.code) {
      value = rule.code.exec(mail.text)?.[1] ?? null;
      if (!value) continue;
    }
    const holders = (HOLDER_MAIL_KINDS as readonly string[]).includes(rule.kind);
    return {
      kind: rule.kind,
      value,
      receivedAt: mail.receivedAt,
      expiresAt: holders ? new Date(mail.receivedAt.getTime() + MAIL_CODE_LIFETIME_MS) : null,
    };
  }
  return null;
}

/** The newest reading of a kind that still works at `now`: a second mail replaces the first. */
export function newestWorking<T extends MailReading>(readings: readonly T[], kind: HolderMailKind, now: Date): T | undefined {
  return readings
    .filter((reading) => reading.kind === kind && reading.expiresAt !== null && reading.expiresAt > now)
    .reduce<T | undefined>((newest, reading) => (!newest || reading.receivedAt > newest.receivedAt ? reading : newest), undefined);
}

/** Why a mailbox could not be read, in words a seller can act on. */
export const MAILBOX_FAILURES = {
  password: "The mailbox refused the user name or app password. Make an app password at your mail provider and enter it again.",
  unreachable: "The mail server could not be reached. Check the host and port (IMAP over TLS is usually port 993).",
  tls: "The mail server refused the secure connection. Check the port and the security setting (TLS on 993, STARTTLS on 143).",
  plain: "This mail server offers no secure connection. Choose TLS or STARTTLS; plain IMAP is allowed only for a server on this machine.",
  folder: "The mailbox has no folder of that name. INBOX is the usual one.",
  timeout: "The mail server did not answer in time. Try again, or check the host and port.",
  other: "The mailbox could not be read. Check its settings and try again.",
} as const;
export type MailboxFailure = keyof typeof MAILBOX_FAILURES;

/** The mailbox form's field each failure points at. */
export const MAILBOX_FAILURE_FIELDS: Record<MailboxFailure, string> = {
  password: "password",
  unreachable: "host",
  tls: "security",
  plain: "security",
  folder: "folder",
  timeout: "host",
  other: "host",
};

/** How long the order page waits for the mail after the holder pressed "Send email" in the Netflix app. */
export const MAIL_WAIT_MS = 60_000;
/** Readings a line may ask for an hour. */
export const READINGS_PER_HOUR = 5;

/** A provider account whose holders can get their codes by themselves: Netflix's. */
export const readsHouseholdMail = (service: string) => /netflix/i.test(service);

/** What the watcher tells the seller of: a mail of the account's health, a code nobody asked for, a failing mailbox. */
export const MAIL_ALERTS = ["password-changed", "new-sign-in", "payment-failed", "unasked-code", "mailbox-failing"] as const;
export type MailAlert = (typeof MAIL_ALERTS)[number];

export const MAIL_ALERT_TEXT: Record<MailAlert, string> = {
  "password-changed":
    "Netflix says the password was changed. If it was not you, sign in and take the account back; then record the new password here.",
  "new-sign-in": "Netflix says a new device signed in to the account.",
  "payment-failed": "Netflix says the account's payment failed. Pay the bill, or the account stops.",
  "unasked-code": "Netflix sent a code or household link nobody here asked for: someone may be using the account.",
  "mailbox-failing": "The mailbox could not be read for a while, so holders cannot get their codes.",
};

/** How long a mailbox fails before the seller is told (a blip is not worth a message). */
export const MAILBOX_FAILING_TELL_MS = 10 * 60_000;
/** How far back the watcher reads each time: a code is judged asked-for or not once its 15 minutes are over. */
export const WATCH_WINDOW_MS = MAIL_CODE_LIFETIME_MS + 2 * 60_000;
/** After an outage, how far back the watcher catches up at most. */
export const WATCH_CATCH_UP_MS = 24 * 60 * 60_000;
