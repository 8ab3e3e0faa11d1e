import { ImapFlow, type ImapFlowError } from "imapflow";
import {
  MAILBOX_FAILURES,
  readProviderMail,
  type MailboxFailure,
  type MailReading,
  type MailTrust,
} from "../../../domain/household-mail/household-mail";
import { parseProviderMail } from "./provider-mail";

export type MailboxSecurity = "tls" | "starttls" | "none";

/** How to reach a provider account's mailbox, its app password opened. */
export interface MailboxAccess {
  host: string;
  port: number;
  security: MailboxSecurity;
  user: string;
  password: string;
  folder: string;
}

/** The longest a mail server may take to connect, greet or answer a command. */
const MAILBOX_TIMEOUT_MS = 15_000;

export class MailboxError extends Error {
  constructor(readonly failure: MailboxFailure) {
    super(MAILBOX_FAILURES[failure]);
  }
}

const LOOPBACK = /^(?:localhost|127(?:\.\d{1,3}){3}|::1|\[::1\])$/i;

/** Plain IMAP sends the app password in the clear: taken only to a server on this machine. */
export const plainAllowed = (access: Pick<MailboxAccess, "host" | "security">) => access.security !== "none" || LOOPBACK.test(access.host);

function failureOf(error: unknown): MailboxFailure {
  if (error instanceof MailboxError) return error.failure;
  const imap = error as ImapFlowError;
  if (imap.authenticationFailed) return "password";
  if (imap.mailboxMissing || imap.serverResponseCode === "NONEXISTENT") return "folder";
  const code = String(imap.code ?? "");
  if (imap.tlsFailed || /SSL|TLS|CERT|SELF_SIGNED|EPROTO/.test(code) || /SSL|TLS|certificate/i.test(imap.message ?? "")) return "tls";
  if (/TIMEOUT|ETIMEDOUT/i.test(code)) return "timeout";
  if (["ECONNREFUSED", "ENOTFOUND", "EHOSTUNREACH", "ENETUNREACH", "EAI_AGAIN", "ECONNRESET"].includes(code)) return "unreachable";
  return "other";
}

/**
 * Signs in to the mailbox (imapflow), runs `work` with its folder open, and signs out. Plain IMAP, which would send
 * the app password in the clear, is taken only from a server on this machine. A failure is a MailboxError.
 */
async function withMailbox<T>(access: MailboxAccess, work: (client: ImapFlow) => Promise<T>): Promise<T> {
  if (!plainAllowed(access)) throw new MailboxError("plain");
  const client = new ImapFlow({
    host: access.host,
    port: access.port,
    secure: access.security === "tls",
    // STARTTLS required when chosen, never tried on plain IMAP, so a stripped offer cannot send the password in the clear.
    doSTARTTLS: access.security === "starttls" ? true : access.security === "none" ? false : undefined,
    auth: { user: access.user, pass: access.password },
    logger: false,
    connectionTimeout: MAILBOX_TIMEOUT_MS,
    greetingTimeout: MAILBOX_TIMEOUT_MS,
    socketTimeout: MAILBOX_TIMEOUT_MS * 4,
  });
  // A dropped connection is also emitted; the awaited command below fails with it.
  client.on("error", () => {});
  let result: T;
  try {
    await client.connect();
    const lock = await client.getMailboxLock(access.folder);
    try {
      result = await work(client);
    } finally {
      lock.release();
    }
  } catch (error) {
    // After a failure the session is in no state to say goodbye: LOGOUT would wait for it.
    client.close();
    throw new MailboxError(failureOf(error));
  }
  await client.logout().catch(() => client.close());
  return result;
}

/** Whether the mailbox can be read with these settings: how many messages its folder holds, or why not. */
export async function testMailbox(
  access: MailboxAccess,
): Promise<{ ok: true; messages: number } | { ok: false; failure: MailboxFailure; message: string }> {
  try {
    const messages = await withMailbox(access, async (client) => (client.mailbox ? client.mailbox.exists : 0));
    return { ok: true, messages };
  } catch (error) {
    const failure = failureOf(error);
    return { ok: false, failure, message: MAILBOX_FAILURES[failure] };
  }
}

/**
 * The trusted senders' mails that reached the folder since `since`, read and classified; anything else, and any
 * mail whose sender is not proved, is left unread. Only the readings leave this function.
 */
export async function readMailSince(access: MailboxAccess, since: Date, trust: MailTrust): Promise<MailReading[]> {
  const senders = new Set(trust.senders.map((sender) => sender.toLowerCase()));
  return withMailbox(access, async (client) => {
    // SEARCH SINCE counts whole days (RFC 3501): the day before, then the exact time from INTERNALDATE.
    const found = await client.search({ since: new Date(since.getTime() - 86_400_000) }, { uid: true });
    if (!found || found.length === 0) return [];
    const wanted: number[] = [];
    for await (const message of client.fetch(found, { uid: true, internalDate: true, envelope: true }, { uid: true })) {
      const from = message.envelope?.from?.[0]?.address?.toLowerCase();
      const receivedAt = message.internalDate ? new Date(message.internalDate) : undefined;
      if (from && senders.has(from) && receivedAt && receivedAt >= since) wanted.push(message.uid);
    }
    const readings: MailReading[] = [];
    if (wanted.length === 0) return readings;
    for await (const message of client.fetch(wanted, { uid: true, internalDate: true, source: true }, { uid: true })) {
      if (!message.source || !message.internalDate) continue;
      const reading = readProviderMail(await parseProviderMail(message.source, new Date(message.internalDate)), trust);
      if (reading) readings.push(reading);
    }
    return readings;
  });
}
