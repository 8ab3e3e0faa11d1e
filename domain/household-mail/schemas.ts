import { z } from "zod";
import { HOLDER_MAIL_KINDS, MAIL_ALERTS, MAILBOX_FAILURES, PROVIDER_MAIL_KINDS } from "./household-mail";

export const MAILBOX_SECURITIES = ["tls", "starttls", "none"] as const;

/** A host name or an IP address, as a seller types it from their mail provider's help page. */
const HOST = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$|^\[?[0-9a-f:.]+\]?$/i;

/** The mailbox form on an account's screen; an empty app password keeps the stored one. */
export const mailboxInputSchema = z.object({
  host: z
    .string({ error: "Enter the mail server (imap.gmail.com)" })
    .trim()
    .min(1, "Enter the mail server (imap.gmail.com)")
    .max(253, "That mail server's name is too long")
    .regex(HOST, "Enter the mail server's name only, such as imap.gmail.com (no https://, no spaces)"),
  port: z.coerce
    .number({ error: "Enter the port: 993 for TLS, 143 for STARTTLS" })
    .int("Enter the port as a whole number")
    .min(1, "Enter a port from 1 to 65535")
    .max(65535, "Enter a port from 1 to 65535"),
  security: z.enum(MAILBOX_SECURITIES, { error: "Choose TLS, STARTTLS or none" }),
  user: z
    .string({ error: "Enter the mailbox's user name, usually its email" })
    .trim()
    .min(1, "Enter the mailbox's user name, usually its email")
    .max(254, "That user name is too long"),
  password: z.string({ error: "Enter the mailbox's app password" }).max(200, "That app password is too long").default(""),
  folder: z.string().trim().min(1, "Enter the folder: INBOX is the usual one").max(200, "That folder name is too long").default("INBOX"),
  authservId: z
    .string({ error: "Enter the name your mail provider signs its checks with (mx.google.com for Gmail)" })
    .trim()
    .min(1, "Enter the name your mail provider signs its checks with (mx.google.com for Gmail)")
    .max(253, "That name is too long")
    .regex(HOST, "Enter a server name such as mx.google.com"),
});
export type MailboxInput = z.infer<typeof mailboxInputSchema>;

/** A mailbox as the admin sees it: never its app password. */
export const mailboxSchema = z.object({
  host: z.string(),
  port: z.number(),
  security: z.enum(MAILBOX_SECURITIES),
  user: z.string(),
  folder: z.string(),
  authservId: z.string(),
  /** The last check's failure in the seller's words, since when; null when the last check read it. */
  failure: z.string().nullable(),
  failingSince: z.string().nullable(),
  checkedAt: z.string().nullable(),
  /** The newest mail that needs the seller, until they dismiss it. */
  alert: z.object({ kind: z.enum(MAIL_ALERTS), text: z.string(), at: z.string() }).nullable(),
});
export type Mailbox = z.infer<typeof mailboxSchema>;

export const mailboxTestSchema = z.discriminatedUnion("ok", [
  z.object({ ok: z.literal(true), messages: z.number() }),
  z.object({ ok: z.literal(false), failure: z.enum(Object.keys(MAILBOX_FAILURES) as [keyof typeof MAILBOX_FAILURES]), message: z.string() }),
]);

/** The order page's "Get my code": the order's key, the line, and which of Netflix's asks it is. */
export const providerCodeInputSchema = z.object({
  key: z.string({ error: "The order link is missing its key" }).max(100),
  lineId: z.string({ error: "Choose the line" }).trim().min(1, "Choose the line").max(100),
  kind: z.enum(HOLDER_MAIL_KINDS, { error: "Choose what Netflix asks for" }),
  /** The ask this is the wait of: polling it again reads the mailbox again without counting another reading. */
  askId: z.string().trim().max(100).optional(),
});

export const providerCodeSchema = z.object({
  askId: z.string(),
  kind: z.enum(HOLDER_MAIL_KINDS),
  /** The newest working code or link, or null while none has come. */
  reading: z.object({ kind: z.enum(PROVIDER_MAIL_KINDS), value: z.string(), receivedAt: z.string(), expiresAt: z.string() }).nullable(),
  /** Until when the page waits for the mail after the holder pressed "Send email" in the app. */
  waitUntil: z.string(),
});
export type ProviderCode = z.infer<typeof providerCodeSchema>;
