// The seller's ledger at growth size: 2,000 provider accounts, 10,000 seats (6,000 held by
// delivered lines), 50,000 licence keys, written into a catalogue database with the real cipher, so the
// rows and their ciphertext are what the admin screens would store.
import { randomUUID } from "node:crypto";
import { normalisePhone } from "../domain/customers/customers";
import { openDatabase } from "../server/db/database";
import { createCipher } from "../server/modules/secrets/cipher";
import { secretContext } from "../server/modules/secrets/stored";

export const LEDGER_SIZE = { accounts: 2_000, seatsPerAccount: 5, heldSeats: 6_000, keys: 50_000 };

/** Fills `file` (migrated and seeded) with the ledger; answers a delivered line that holds no seat yet. */
export async function addLedger(file: string, key: Buffer): Promise<{ freeLineId: string }> {
  const cipher = createCipher(key);
  const database = openDatabase({ kind: "sqlite", path: file });
  const db = database.db;
  try {
    const items = (await db.selectFrom("catalogue_items").select("id").orderBy("item_id").limit(20).execute()).map((row) => row.id);
    const now = new Date().toISOString();
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    let freeLineId = "";
    await db.transaction().execute(async (trx) => {
      await trx.insertInto("secrets_key").values({ id: "current", key_id: cipher.keyId, check_value: cipher.check, created_at: now }).execute();
      const seatIds: string[] = [];
      for (let a = 0; a < LEDGER_SIZE.accounts; a++) {
        const id = randomUUID();
        await trx
          .insertInto("provider_accounts")
          .values({
            id,
            service: `Service ${a % 40}`,
            login: `account${a}@example.com`,
            password_secret: cipher.encrypt(`password-${a}`, secretContext.accountPassword(id)),
            renewal_date: day(20 + (a % 60)),
            cost: 1000,
            period_months: 1,
            status: a % 50 === 0 ? "paused" : "active",
            notes: "",
            created_at: now,
            updated_at: now,
          })
          .execute();
        await trx
          .insertInto("provider_account_items")
          .values({ account_id: id, item_id: items[a % items.length]! })
          .execute();
        for (let s = 1; s <= LEDGER_SIZE.seatsPerAccount; s++) {
          const seatId = randomUUID();
          seatIds.push(seatId);
          await trx
            .insertInto("account_seats")
            .values({
              id: seatId,
              account_id: id,
              position: s,
              profile_name: `Profile ${s}`,
              pin_secret: cipher.encrypt(String(1000 + s), secretContext.seatPin(seatId)),
            })
            .execute();
        }
      }
      // Delivered orders of one line each: 6,000 on seats, one more waiting for its seat.
      for (let i = 0; i <= LEDGER_SIZE.heldSeats; i++) {
        const orderId = randomUUID();
        const lineId = randomUUID();
        const itemId = items[i % items.length]!;
        await trx
          .insertInto("orders")
          .values({
            id: orderId,
            reference: `PSL-B${String(i).padStart(6, "0")}`,
            channel: "whatsapp",
            status: "delivered",
            customer_name: `Customer ${i}`,
            phone: "9800000000",
            phone_key: normalisePhone("9800000000"),
            note: "",
            total: 300,
            created_at: now,
            updated_at: now,
          })
          .execute();
        await trx
          .insertInto("order_lines")
          .values({
            id: lineId,
            order_id: orderId,
            position: 0,
            item_id: itemId,
            name: "Item",
            months: 1,
            devices: 1,
            unit_price: 300,
            line_total: 300,
            start_date: day(0),
            expiry_date: day(30),
            renewal_order_id: null,
          })
          .execute();
        if (i === LEDGER_SIZE.heldSeats) freeLineId = lineId;
        else
          await trx
            .insertInto("seat_assignments")
            .values({ id: randomUUID(), seat_id: seatIds[i]!, line_id: lineId, started_at: now, ended_at: null, end_reason: null })
            .execute();
      }
      const keys = Array.from({ length: LEDGER_SIZE.keys }, (_, k) => {
        const id = randomUUID();
        const code = `KEY-${k}-${randomUUID()}`;
        return {
          id,
          item_id: items[k % items.length]!,
          code_secret: cipher.encrypt(code, secretContext.licenceKey(id)),
          code_hash: cipher.lookupHash(code),
          line_id: null,
          added_at: now,
          delivered_at: null,
        };
      });
      for (let at = 0; at < keys.length; at += 500)
        await trx
          .insertInto("licence_keys")
          .values(keys.slice(at, at + 500))
          .execute();
    });
    return { freeLineId };
  } finally {
    await database.close();
  }
}
