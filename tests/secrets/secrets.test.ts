import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it, onTestFinished } from "vitest";
import { buildApp } from "../../server/app";
import { loadConfig } from "../../server/config";
import { formatMasterKey, newMasterKey } from "../../server/modules/secrets/cipher";
import { SecretsKeyError } from "../../server/modules/secrets/key";
import { rotateKey } from "../../server/modules/secrets/stored";
import { startFakeTelegram } from "../fakes/telegram";
import { createTestApp, type TestApp } from "../helpers/app";
import { testDialect } from "../helpers/database";

const PASSWORD = "Known-Passw0rd-Zeta-9138";
const PIN = "PIN-77413";
const LICENCE_KEY = "KNOWN-LICENCE-KEY-55AA-9Q";
/** Who the reveals of these tests are written down for. */
const TESTER = { email: "test", address: null };

const folders: string[] = [];
afterEach(() => {
  while (folders.length) fs.rmSync(folders.pop()!, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pasal-secrets-"));
  folders.push(dir);
  return dir;
};

/** An item sold with a 1-month plan (not merely the first row, whose order the database does not promise). */
async function someItem(t: TestApp): Promise<string> {
  return (await t.database.db.selectFrom("catalogue_items").select("id").where("name", "=", "Netflix Premium").executeTakeFirstOrThrow()).id;
}

async function addAccount(t: TestApp, itemId: string) {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/admin/accounts",
    headers: { cookie: await t.adminCookie() },
    payload: {
      service: "Netflix Premium",
      itemIds: [itemId],
      login: "seller@example.com",
      password: PASSWORD,
      seats: [{ profileName: "Kid", pin: PIN }],
      cost: 1500,
      billingCycle: "none",
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().account as { _id: string; seats: Array<{ id: string }> };
}

/** Another instance's start on the same database, with its own environment. */
const startAnother = (t: TestApp, env: Record<string, string>) =>
  buildApp({ config: loadConfig({ DATABASE_URL: t.databaseUrl, MEDIA_DIR: t.mediaDir, LOG_LEVEL: "silent", ...env }), database: t.database });

describe("stored secrets", () => {
  it("keeps passwords, PINs and keys out of the database file, its backup and every answer but a reveal", async () => {
    const t = await createTestApp({ seed: true });
    const cookie = await t.adminCookie();
    const itemId = await someItem(t);
    const account = await addAccount(t, itemId);
    const imported = await t.app.inject({
      method: "POST",
      url: "/api/admin/keys/import",
      headers: { cookie },
      payload: { itemId, text: `${LICENCE_KEY}\n` },
    });
    expect(imported.json().imported).toBe(1);

    for (const url of ["/api/admin/accounts", `/api/admin/accounts/${account._id}`, "/api/admin/keys"]) {
      const answer = await t.app.inject({ url, headers: { cookie } });
      expect(answer.statusCode).toBe(200);
      for (const secret of [PASSWORD, PIN, LICENCE_KEY]) expect(answer.body).not.toContain(secret);
    }

    let stored: string;
    if (testDialect === "sqlite") {
      // The file and its write-ahead log, as a copy of the data folder would hold them.
      stored = ["", "-wal", "-shm"]
        .map((suffix) => (fs.existsSync(t.databaseUrl + suffix) ? fs.readFileSync(t.databaseUrl + suffix).toString("latin1") : ""))
        .join("");
      expect(stored).toContain("seller@example.com");
    } else {
      stored = execFileSync("pg_dump", [t.databaseUrl], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
      expect(stored).toContain("seller@example.com");
    }
    for (const secret of [PASSWORD, PIN, LICENCE_KEY]) expect(stored).not.toContain(secret);

    const reveal = await t.app.inject({
      method: "POST",
      url: `/api/admin/accounts/${account._id}/reveal`,
      headers: { cookie },
      payload: { what: "password" },
    });
    expect(reveal.json().value).toBe(PASSWORD);
    expect(reveal.headers["cache-control"]).toBe("no-store");
    const pin = await t.app.inject({
      method: "POST",
      url: `/api/admin/accounts/${account._id}/reveal`,
      headers: { cookie },
      payload: { what: "pin", seatId: account.seats[0]!.id },
    });
    expect(pin.json().value).toBe(PIN);
    const log = (await t.app.inject({ url: `/api/admin/accounts/${account._id}`, headers: { cookie } })).json().reveals;
    expect(log.map((r: { what: string; adminEmail: string }) => [r.what, r.adminEmail])).toEqual([
      ["PIN of seat 1", "owner@pasal.test"],
      ["password", "owner@pasal.test"],
    ]);
  });

  it("makes a key file readable by its owner only on the first start, and uses it again", async () => {
    const keyFile = path.join(tempDir(), "data", "secrets.key");
    const t = await createTestApp({ seed: true, env: { SECRETS_KEY_FILE: keyFile } });
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
    const account = await addAccount(t, await someItem(t));
    const again = await startAnother(t, { SECRETS_KEY_FILE: keyFile });
    try {
      expect(await again.services.accounts.reveal(account._id, { what: "password" }, TESTER)).toBe(PASSWORD);
    } finally {
      await again.close();
    }
  });

  it("refuses a start with another key, or with no key once the database has one, changing nothing", async () => {
    const key = formatMasterKey(newMasterKey());
    const t = await createTestApp({ seed: true, env: { SECRETS_KEY: key } });
    await addAccount(t, await someItem(t));
    const before = await t.database.db.selectFrom("secrets_key").selectAll().execute();

    await expect(startAnother(t, { SECRETS_KEY: formatMasterKey(newMasterKey()) })).rejects.toThrow(SecretsKeyError);
    await expect(startAnother(t, { SECRETS_KEY: formatMasterKey(newMasterKey()) })).rejects.toThrow(
      /SECRETS_KEY is not the key this database's passwords/,
    );

    // An instance started without SECRETS_KEY and without the first one's key file: refused, and no key file of its own is left.
    const fresh = path.join(tempDir(), "secrets.key");
    await expect(startAnother(t, { SECRETS_KEY_FILE: fresh })).rejects.toThrow(/SECRETS_KEY is not set and there is no key file/);
    expect(fs.existsSync(fresh)).toBe(false);

    // A key file others may read is refused too.
    const open = path.join(tempDir(), "secrets.key");
    fs.writeFileSync(open, `${key}\n`, { mode: 0o644 });
    fs.chmodSync(open, 0o644);
    await expect(startAnother(t, { SECRETS_KEY_FILE: open })).rejects.toThrow(/chmod 600/);

    expect(await t.database.db.selectFrom("secrets_key").selectAll().execute()).toEqual(before);
    const same = await startAnother(t, { SECRETS_KEY: key });
    await same.close();
  });

  it("rotate-key re-encrypts everything under a new key: the new key opens it all, the old one is refused", async () => {
    const keyFile = path.join(tempDir(), "secrets.key");
    const telegram = await startFakeTelegram();
    onTestFinished(() => telegram.close());
    const t = await createTestApp({ seed: true, env: { SECRETS_KEY_FILE: keyFile, ...telegram.env } });
    const botToken = telegram.createBot("pasal_rotation_bot");
    await t.app.services.telegram.saveToken(botToken, { email: "test" });
    const itemId = await someItem(t);
    const account = await addAccount(t, itemId);
    await t.app.inject({
      method: "POST",
      url: "/api/admin/keys/import",
      headers: { cookie: await t.adminCookie() },
      payload: { itemId, text: `${LICENCE_KEY}\nSECOND-KEY` },
    });
    const placed = await t.app.inject({
      method: "POST",
      url: "/api/orders",
      payload: { items: [{ _id: itemId, months: 1, devices: 1 }], channel: "whatsapp", phone: "9800000001" },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const { reference, orderUrl } = placed.json() as { reference: string; orderUrl: string };
    const customerLink = await t.app.inject({
      method: "POST",
      url: "/api/admin/customers/9800000001/link",
      headers: { cookie: await t.adminCookie() },
    });
    expect(customerLink.statusCode, customerLink.body).toBe(201);
    const gateway = await t.app.inject({
      method: "PUT",
      url: "/api/admin/payment-gateways/khalti",
      headers: { cookie: await t.adminCookie() },
      payload: { enabled: true, merchantCode: "", username: "", secret: "khalti-merchant-secret" },
    });
    expect(gateway.statusCode, gateway.body).toBe(200);
    const mailbox = await t.app.inject({
      method: "PUT",
      url: `/api/admin/accounts/${account._id}/mailbox`,
      headers: { cookie: await t.adminCookie() },
      payload: {
        host: "imap.gmail.com",
        port: 993,
        security: "tls",
        user: "seller@gmail.com",
        password: "mailbox-app-password",
        authservId: "mx.google.com",
      },
    });
    expect(mailbox.statusCode, mailbox.body).toBe(200);
    const oldKey = fs.readFileSync(keyFile, "utf8").trim();
    const cipherBefore = await t.database.db.selectFrom("provider_accounts").select("password_secret").executeTakeFirstOrThrow();

    const { counts } = await rotateKey(
      t.database.db,
      loadConfig({ DATABASE_URL: t.databaseUrl, SECRETS_KEY_FILE: keyFile }).secrets,
      new Date().toISOString(),
    );
    expect(counts).toEqual({ accounts: 1, seats: 1, keys: 2, orderLinks: 1, customerLinks: 1, gateways: 1, bots: 1, mailboxes: 1 });
    const newKey = fs.readFileSync(keyFile, "utf8").trim();
    expect(newKey).not.toBe(oldKey);
    expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);
    const cipherAfter = await t.database.db.selectFrom("provider_accounts").select("password_secret").executeTakeFirstOrThrow();
    expect(cipherAfter.password_secret).not.toBe(cipherBefore.password_secret);

    await expect(startAnother(t, { SECRETS_KEY: oldKey })).rejects.toThrow(SecretsKeyError);
    // An instance left running with the old key says what to do rather than failing blankly.
    const stale = await t.app.inject({
      method: "POST",
      url: `/api/admin/accounts/${account._id}/reveal`,
      headers: { cookie: await t.adminCookie() },
      payload: { what: "password" },
    });
    expect(stale.statusCode).toBe(503);
    expect(stale.json().message).toMatch(/stored under another key.*restart every instance with the new key/);
    expect(stale.body).not.toContain(PASSWORD);
    const rotated = await startAnother(t, { SECRETS_KEY_FILE: keyFile });
    try {
      expect(counts).toEqual({ accounts: 1, seats: 1, keys: 2, orderLinks: 1, customerLinks: 1, gateways: 1, bots: 1, mailboxes: 1 });
      const line = await t.database.db.selectFrom("licence_keys").select("id").limit(1).execute();
      expect(line).toHaveLength(1);
      // The duplicate check still finds a key after the rotation.
      const again = await rotated.inject({
        method: "POST",
        url: "/api/admin/keys/import",
        headers: { cookie: await t.adminCookie(), origin: "http://localhost" },
        payload: { itemId, text: LICENCE_KEY },
      });
      expect(again.json()).toMatchObject({ imported: 0, alreadyInStock: [1] });
      // The admin's copy of the shopper's link was re-encrypted too.
      expect((await rotated.services.orders.get(reference)).shopperPath).toBe(orderUrl);
      // And the admin's copy of the customer's link (ADR 0104).
      expect((await rotated.services.customerLinks.linkOf("9800000001"))?.path).toBe(customerLink.json().link.path);
      // And the mailbox's app password.
      expect(await rotated.services.mailboxes.reveal(account._id, { email: "test", address: null })).toBe("mailbox-app-password");
    } finally {
      await rotated.close();
    }
  });
});
