import fs from "node:fs";
import type { Db } from "../../db/database";
import { createCipher, formatMasterKey, newMasterKey, type Cipher } from "./cipher";
import type { SecretsKeySource } from "../../config";
import { openSecrets, replaceCheck, SecretsKeyError } from "./key";

/**
 * What each stored secret is bound to (its associated data): a ciphertext moved onto another row, or into
 * another column, does not open there.
 */
export const secretContext = {
  accountPassword: (accountId: string) => `account-password:${accountId}`,
  /** The app password of an account's mailbox (0031-account-mailboxes). */
  mailboxPassword: (accountId: string) => `mailbox-password:${accountId}`,
  seatPin: (seatId: string) => `seat-pin:${seatId}`,
  licenceKey: (keyId: string) => `licence-key:${keyId}`,
  /** The admin's copy of a shopper's order key, bound to the hash the shopper's key is checked against (ADR 0075). */
  orderKey: (keyHash: string) => `order-key:${keyHash}`,
  /** The admin's copy of a customer's link key (ADR 0104), bound to the customer and the hash it is checked against. */
  customerKey: (phone: string, keyHash: string) => `customer-key:${phone}:${keyHash}`,
  /** A merchant secret of an online gateway. */
  gateway: (gateway: string, what: "secret" | "password") => `gateway-${what}:${gateway}`,
  /** The seller's Telegram bot's token. */
  telegramBot: () => "telegram-bot-token",
};

/**
 * Re-encrypts every stored secret under `next` and records its check, in one transaction: either all of them
 * are under the new key or, on any failure, all are still under the old one (ADR 0081). Counts what it did.
 */
export async function rotateSecrets(db: Db, current: Cipher, next: Cipher, now: string) {
  return db.transaction().execute(async (trx) => {
    const accounts = await trx.selectFrom("provider_accounts").select(["id", "password_secret"]).execute();
    for (const account of accounts) {
      const context = secretContext.accountPassword(account.id);
      const password_secret = next.encrypt(current.decrypt(account.password_secret, context), context);
      await trx.updateTable("provider_accounts").set({ password_secret }).where("id", "=", account.id).execute();
    }
    const mailboxes = await trx.selectFrom("account_mailboxes").select(["account_id", "password_secret"]).execute();
    for (const mailbox of mailboxes) {
      const context = secretContext.mailboxPassword(mailbox.account_id);
      const password_secret = next.encrypt(current.decrypt(mailbox.password_secret, context), context);
      await trx.updateTable("account_mailboxes").set({ password_secret }).where("account_id", "=", mailbox.account_id).execute();
    }
    const seats = await trx.selectFrom("account_seats").select(["id", "pin_secret"]).where("pin_secret", "is not", null).execute();
    for (const seat of seats) {
      const context = secretContext.seatPin(seat.id);
      const pin_secret = next.encrypt(current.decrypt(seat.pin_secret!, context), context);
      await trx.updateTable("account_seats").set({ pin_secret }).where("id", "=", seat.id).execute();
    }
    const keys = await trx.selectFrom("licence_keys").select(["id", "code_secret"]).execute();
    for (const key of keys) {
      const context = secretContext.licenceKey(key.id);
      const code = current.decrypt(key.code_secret, context);
      await trx
        .updateTable("licence_keys")
        .set({ code_secret: next.encrypt(code, context), code_hash: next.lookupHash(code) })
        .where("id", "=", key.id)
        .execute();
    }
    const orders = await trx.selectFrom("orders").select(["id", "key_hash", "key_sealed"]).where("key_sealed", "is not", null).execute();
    for (const order of orders) {
      const context = secretContext.orderKey(order.key_hash!);
      const key_sealed = next.encrypt(current.decrypt(order.key_sealed!, context), context);
      await trx.updateTable("orders").set({ key_sealed }).where("id", "=", order.id).execute();
    }
    const links = await trx.selectFrom("customer_links").select(["phone", "key_hash", "key_sealed", "sealed_for"]).execute();
    for (const link of links) {
      // Sealed again for its phone, even where migration 0028 rewrote the phone it was sealed for.
      const was = secretContext.customerKey(link.sealed_for ?? link.phone, link.key_hash);
      const key_sealed = next.encrypt(current.decrypt(link.key_sealed, was), secretContext.customerKey(link.phone, link.key_hash));
      await trx.updateTable("customer_links").set({ key_sealed, sealed_for: null }).where("phone", "=", link.phone).execute();
    }
    // The online gateways' merchant secrets, bound to their gateway as the payments module seals them.
    const gateways = await trx.selectFrom("payment_gateways").select(["gateway", "secret_sealed", "password_sealed"]).execute();
    for (const gateway of gateways) {
      const reseal = (sealed: string | null, what: "secret" | "password") => {
        const context = secretContext.gateway(gateway.gateway, what);
        return sealed === null ? null : next.encrypt(current.decrypt(sealed, context), context);
      };
      await trx
        .updateTable("payment_gateways")
        .set({ secret_sealed: reseal(gateway.secret_sealed, "secret"), password_sealed: reseal(gateway.password_sealed, "password") })
        .where("gateway", "=", gateway.gateway)
        .execute();
    }
    // The Telegram bot's token.
    const bots = await trx.selectFrom("telegram_bot").select(["id", "token_sealed"]).execute();
    for (const bot of bots) {
      const context = secretContext.telegramBot();
      await trx
        .updateTable("telegram_bot")
        .set({ token_sealed: next.encrypt(current.decrypt(bot.token_sealed, context), context) })
        .where("id", "=", bot.id)
        .execute();
    }
    // Replaced passwords and PINs kept for their 7 days, sealed as they were.
    const previous = await trx.selectFrom("previous_secrets").select(["id", "account_id", "seat_id", "secret"]).execute();
    for (const row of previous) {
      const context = row.seat_id ? secretContext.seatPin(row.seat_id) : secretContext.accountPassword(row.account_id);
      await trx
        .updateTable("previous_secrets")
        .set({ secret: next.encrypt(current.decrypt(row.secret, context), context) })
        .where("id", "=", row.id)
        .execute();
    }
    await replaceCheck(trx, next, now);
    return {
      accounts: accounts.length,
      seats: seats.length,
      keys: keys.length,
      orderLinks: orders.length,
      customerLinks: links.length,
      gateways: gateways.length,
      bots: bots.length,
      mailboxes: mailboxes.length,
    };
  });
}

/**
 * `npm run admin -- rotate-key`: a new key for every stored secret. With a key file, the new key is written
 * beside it first and put in its place once the database committed; with SECRETS_KEY the new key is
 * answered, for the operator to set on every instance. Instances still running hold the old key: stop them first.
 */
export async function rotateKey(
  db: Db,
  source: SecretsKeySource,
  now: string,
): Promise<{ newKey: Buffer; keyFile?: string; counts: Awaited<ReturnType<typeof rotateSecrets>> }> {
  if (!source.key && !fs.existsSync(source.keyFile)) {
    throw new SecretsKeyError(`There is no key to rotate: SECRETS_KEY is not set and there is no key file at ${source.keyFile}.`);
  }
  const current = await openSecrets(db, source, now);
  const newKey = newMasterKey();
  const next = createCipher(newKey);
  if (source.key) return { newKey, counts: await rotateSecrets(db, current, next, now) };
  const draft = `${source.keyFile}.next`;
  fs.rmSync(draft, { force: true });
  fs.writeFileSync(draft, `${formatMasterKey(newKey)}\n`, { mode: 0o600, flag: "wx" });
  let counts;
  try {
    counts = await rotateSecrets(db, current, next, now);
  } catch (error) {
    fs.rmSync(draft, { force: true });
    throw error;
  }
  fs.renameSync(draft, source.keyFile);
  return { newKey, keyFile: source.keyFile, counts };
}
