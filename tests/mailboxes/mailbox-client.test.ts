import { afterAll, beforeAll, expect, it } from "vitest";
import { MAILBOX_FAILURES, NETFLIX_ACCOUNT_SENDERS } from "../../domain/household-mail/household-mail";
import { readMailSince, testMailbox, type MailboxAccess } from "../../server/modules/mailboxes/mailbox-client";
import { testDialect } from "../helpers/database";
import { describeWithDovecot, startDovecot, type TestMailServer } from "../helpers/dovecot";

const trust = { senders: NETFLIX_ACCOUNT_SENDERS, authservId: "mx.mail.test" };

// The mailbox client talks to Dovecot, not to the database: once, beside the SQLite suite.
describeWithDovecot(
  "a provider account's mailbox, on a real IMAP server",
  () => {
    let server: TestMailServer;
    let access: MailboxAccess;
    beforeAll(async () => {
      server = await startDovecot();
      access = { host: server.host, port: server.port, security: "none", ...server.users[0]!, folder: "INBOX" };
    });
    afterAll(() => server?.stop());

    it("tests a connection: the folder's messages, or why not in the seller's words", async () => {
      expect(await testMailbox(access)).toEqual({ ok: true, messages: 0 });
      expect(await testMailbox({ ...access, folder: "Netflix" })).toMatchObject({ ok: false, failure: "folder" });
      expect(await testMailbox({ ...access, port: 1 })).toMatchObject({ ok: false, failure: "unreachable" });
      expect(await testMailbox({ ...access, security: "tls" })).toMatchObject({ ok: false, failure: "tls" });
      expect(await testMailbox({ ...access, security: "starttls" })).toMatchObject({ ok: false, failure: "tls" });
      // Plain IMAP would send the app password in the clear: only to a server on this machine.
      expect(await testMailbox({ ...access, host: "mail.example.com" })).toMatchObject({ ok: false, failure: "plain" });
    });

    it("reads the proved mails received since a time, and only those", async () => {
      const user = server.users[1]!;
      const own = { ...access, ...user };
      const now = Date.now();
      await server.deliver(user.user, "en-travel-code.eml", new Date(now - 20 * 60_000));
      await server.deliver(user.user, "en-sign-in-code.eml", new Date(now - 60_000));
      await server.deliver(user.user, "forged-dkim-fail.eml", new Date(now - 30_000));
      await server.deliver(user.user, "en-password-changed.eml", new Date(now - 10_000));
      await server.deliver(user.user, "From: friend@mail.test\r\nSubject: lunch?\r\n\r\n1234\r\n");

      const readings = await readMailSince(own, new Date(now - 15 * 60_000), trust);
      expect(readings.map(({ kind, value }) => [kind, value])).toEqual([
        ["sign-in-code", "4821"],
        ["password-changed", null],
      ]);
      expect(readings[0]!.receivedAt.getTime()).toBe(Math.floor((now - 60_000) / 1000) * 1000);
      // The other account's mailbox holds none of them.
      expect(await readMailSince(access, new Date(now - 60 * 60_000), trust)).toEqual([]);
    });

    // Last: after a refused password Dovecot makes the next sign-ins from the address wait (its auth penalty).
    it("says a refused app password is one", async () => {
      expect(await testMailbox({ ...access, password: "wrong" })).toEqual({ ok: false, failure: "password", message: MAILBOX_FAILURES.password });
    });
  },
  testDialect === "sqlite",
);
