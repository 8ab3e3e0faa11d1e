import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  MAIL_CODE_LIFETIME_MS,
  NETFLIX_ACCOUNT_SENDERS,
  newestWorking,
  readProviderMail,
  type MailReading,
} from "../../../domain/household-mail/household-mail";
import { parseProviderMail } from "./provider-mail";

const FIXTURES = path.join(import.meta.dirname, "../../../tests/fixtures/provider-mail");
const trust = { senders: NETFLIX_ACCOUNT_SENDERS, authservId: "mx.mail.test" };
const received = new Date("2026-12-03T14:58:11Z");
const read = async (fixture: string) => readProviderMail(await parseProviderMail(fs.readFileSync(path.join(FIXTURES, fixture)), received), trust);

const TOKEN = "BgiQlOvcAxKPAdcZtDdCbKUwnMsNq0sd9fbPj4s0KLJQy7U3w2QnE8mAX2n8-R5aXfPIOj-NYkKp8F1fJ3cR";
const travel = (suffix: string, rest: string) => `https://www.netflix.com/account/travel/verify?nftoken=${TOKEN}${suffix}&${rest}`;

// Every fixture and what it reads as: a new template is one file there and one row here.
const readings: [fixture: string, kind: MailReading["kind"], value: string | null][] = [
  ["en-travel-code.eml", "travel-code", travel("", "messageGuid=7f1c2a&g=A1B2")],
  ["es-travel-code.eml", "travel-code", travel("es", "messageGuid=3a9e")],
  ["en-household-update.eml", "household-update", `https://www.netflix.com/account/update-primary-location?nftoken=${TOKEN}hh&g=C3D4&lnktrk=EVO`],
  ["es-household-update.eml", "household-update", `https://www.netflix.com/account/set-primary-location?nftoken=${TOKEN}hes&g=E5`],
  ["en-sign-in-code.eml", "sign-in-code", "4821"],
  ["es-sign-in-code.eml", "sign-in-code", "0736"],
  ["en-password-changed.eml", "password-changed", null],
  ["es-password-changed.eml", "password-changed", null],
  ["en-new-sign-in.eml", "new-sign-in", null],
  ["en-payment-failed.eml", "payment-failed", null],
];

describe("reading the provider's mails", () => {
  it.each(readings)("reads %s as %s", async (fixture, kind, value) => {
    const reading = await read(fixture);
    const holders = value !== null;
    expect(reading).toEqual({
      kind,
      value,
      receivedAt: received,
      expiresAt: holders ? new Date(received.getTime() + MAIL_CODE_LIFETIME_MS) : null,
    });
  });

  it("has a fixture for every row and a row for every fixture", () => {
    const files = fs.readdirSync(FIXTURES).filter((file) => !file.startsWith("forged-") && file !== "en-newsletter.eml");
    expect(files.sort()).toEqual(readings.map(([fixture]) => fixture).sort());
  });

  it("reads a proved mail of another kind (a newsletter) as nothing", async () => {
    expect(await read("en-newsletter.eml")).toBeNull();
  });

  it.each([
    ["forged-no-results.eml", "no Authentication-Results at all"],
    ["forged-dkim-fail.eml", "the provider's DKIM check failed"],
    ["forged-second-results.eml", "the provider's own result says dkim=none; a lower one with its id came with the mail"],
    ["forged-other-server.eml", "a dkim=pass written by another server"],
    ["forged-other-signer.eml", "signed by a domain that is not the sender's"],
    ["forged-lookalike-sender.eml", "a sender that only looks like Netflix's"],
  ])("relays nothing from %s (%s)", async (fixture) => {
    expect(await read(fixture)).toBeNull();
  });

  it("trusts the authserv-id the mailbox is set to, not another", async () => {
    const source = fs.readFileSync(path.join(FIXTURES, "en-sign-in-code.eml"));
    const mail = await parseProviderMail(source, received);
    expect(readProviderMail(mail, { ...trust, authservId: "mx.google.com" })).toBeNull();
    expect(readProviderMail(mail, { ...trust, authservId: "MX.Mail.Test" })?.value).toBe("4821");
  });
});

describe("the newest working reading", () => {
  const at = (minutes: number, kind: MailReading["kind"] = "travel-code", value = `link ${minutes}`): MailReading => {
    const receivedAt = new Date(received.getTime() + minutes * 60_000);
    return { kind, value, receivedAt, expiresAt: new Date(receivedAt.getTime() + MAIL_CODE_LIFETIME_MS) };
  };
  const now = new Date(received.getTime() + 20 * 60_000);

  it("takes the newest of the kind asked for", () => {
    expect(newestWorking([at(10), at(12), at(11), at(13, "sign-in-code")], "travel-code", now)?.value).toBe("link 12");
  });

  it("takes none that has expired, the moment it expires", () => {
    expect(newestWorking([at(4), at(5)], "travel-code", now)).toBeUndefined();
    expect(newestWorking([at(5.01)], "travel-code", now)?.value).toBe("link 5.01");
  });

  it("never hands a seller's kind to a holder", () => {
    const changed: MailReading = { kind: "password-changed", value: null, receivedAt: now, expiresAt: null };
    expect(newestWorking([changed], "travel-code", now)).toBeUndefined();
  });
});
