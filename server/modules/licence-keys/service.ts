import { randomUUID } from "node:crypto";
import { said, type AdminAnswer } from "../../../domain/shared/admin-answer";
import { parseKeyLines } from "../../../domain/licence-keys/licence-keys";
import { lineIsOver, shopToday } from "../../../domain/ledger/settings";
import type { ChangeSignals } from "../../db/change-signals";
import type { Clock } from "../../db/clock";
import type { Db } from "../../db/database";
import { badRequest, conflict, isUniqueViolation, notFound } from "../../errors";
import type { Cipher } from "../secrets/cipher";
import { secretContext } from "../secrets/stored";
import type { Actor } from "../actor";
import type { AuditLog } from "../audit/service";
import { createLicenceKeysRepository, type StockCount } from "./repository";

export type KeyImportResult = { imported: number; emptyLines: number[]; duplicateLines: number[]; alreadyInStock: number[] };

/** How often a delivery tries again when a concurrent one took the key it found. */
const TAKE_ATTEMPTS = 20;

export function createLicenceKeysService(
  db: Db,
  clock: Clock,
  changes: ChangeSignals,
  secrets: Cipher,
  { graceDays, audit }: { graceDays: () => Promise<number>; audit: Pick<AuditLog, "record"> },
) {
  const repository = createLicenceKeysRepository();
  const now = () => clock().toISOString();

  return {
    stock: (): Promise<StockCount[]> => repository.stock(db),

    /**
     * Adds the keys of a paste or file, one a line. Empty lines, repeats within it and keys already in stock
     * for the item are reported by line number and not imported; the rest are stored encrypted, together, each
     * with what it cost the shop (NPR, counted when it is sold). `neverExpires`, when given, marks whether the
     * item's keys are lifetime licences (its lines then get no end date).
     */
    async import(itemId: string, text: string, cost: number, neverExpires?: boolean): Promise<AdminAnswer<KeyImportResult>> {
      const item = await db.selectFrom("catalogue_items").select("id").where("id", "=", itemId).executeTakeFirst();
      if (!item) throw badRequest("Choose an item of the catalogue", [{ field: "itemId", message: "No such item in the catalogue" }]);
      const plan = parseKeyLines(text);
      try {
        const result = await db.transaction().execute(async (trx) => {
          const hashed = plan.codes.map((code, index) => ({ code, line: plan.codeLines[index]!, hash: secrets.lookupHash(code) }));
          const existing = await repository.existingHashes(
            trx,
            itemId,
            hashed.map((entry) => entry.hash),
          );
          const fresh = hashed.filter((entry) => !existing.has(entry.hash));
          const rows = fresh.map(({ code, hash }) => {
            const id = randomUUID();
            return { id, itemId, codeSecret: secrets.encrypt(code, secretContext.licenceKey(id)), codeHash: hash, cost };
          });
          await repository.insertMany(trx, rows, now());
          if (neverExpires !== undefined) await repository.setNeverExpires(trx, itemId, neverExpires);
          return {
            imported: rows.length,
            emptyLines: plan.emptyLines,
            duplicateLines: plan.duplicateLines,
            alreadyInStock: hashed.filter((entry) => existing.has(entry.hash)).map((entry) => entry.line),
          };
        });
        const skipped = [
          result.emptyLines.length && `empty lines ${result.emptyLines.join(", ")}`,
          result.duplicateLines.length && `repeated lines ${result.duplicateLines.join(", ")}`,
          result.alreadyInStock.length && `already in stock: lines ${result.alreadyInStock.join(", ")}`,
        ].filter(Boolean);
        return said(
          `${result.imported} ${result.imported === 1 ? "key" : "keys"} imported${skipped.length ? `; not imported: ${skipped.join("; ")}` : ""}`,
          result,
        );
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict("Some of these keys were added by someone else just now: import again to see which");
        throw error;
      } finally {
        await changes.publish("ledger");
      }
    },

    /**
     * Takes a key from stock for a delivered line; a line gets at most one key per device. Concurrent
     * deliveries never share a key.
     */
    async deliverKey(lineId: string): Promise<AdminAnswer<{ id: string }>> {
      const line = await db
        .selectFrom("order_lines as l")
        .innerJoin("orders as o", "o.id", "l.order_id")
        .select(["l.id", "l.item_id as itemId", "l.devices", "l.expiry_date as expiryDate", "o.status"])
        .where("l.id", "=", lineId)
        .executeTakeFirst();
      if (!line) throw notFound(`No order line ${lineId}`);
      if (line.status !== "delivered") throw conflict("Keys are given to lines of delivered orders", "lineId");
      if (lineIsOver(line.expiryDate, shopToday(clock()), await graceDays())) {
        throw conflict(`This line ended on ${line.expiryDate} and its grace period is over: it gets no key`, "lineId");
      }
      if (!line.itemId) throw conflict("This line's item is no longer in the catalogue", "lineId");
      try {
        for (let attempt = 1; attempt <= TAKE_ATTEMPTS; attempt++) {
          const taken = await db.transaction().execute(async (trx) => {
            const held = await repository.ofLine(trx, lineId);
            if (held.length >= line.devices)
              throw conflict(`This line already has its ${line.devices === 1 ? "key" : `${line.devices} keys`}`, "lineId");
            return repository.take(trx, line.itemId!, lineId, now());
          });
          if (taken) return said("Key taken from stock", { id: taken.id });
          // Nothing taken: stock is empty, or a concurrent delivery took the key we found; look again.
          const left = (await repository.stock(db)).find((s) => s.itemId === line.itemId)?.inStock ?? 0;
          if (left === 0) break;
        }
      } finally {
        await changes.publish("ledger");
      }
      throw conflict("No key of this item is in stock: import more keys", "lineId");
    },

    /**
     * Gives a delivered line the keys it still lacks (one per device), in the caller's transaction (automatic
     * delivery), with `deliverKey`'s checks; false when stock ran out, and the caller rolls back. The
     * caller publishes the ledger's change once it commits. `grace`: the grace period, read before the
     * transaction (SQLite has one connection, busy with it).
     */
    async takeWithin(trx: Db, lineId: string, grace: number): Promise<boolean> {
      const line = await trx
        .selectFrom("order_lines as l")
        .innerJoin("orders as o", "o.id", "l.order_id")
        .select(["l.item_id as itemId", "l.devices", "l.expiry_date as expiryDate", "o.status"])
        .where("l.id", "=", lineId)
        .executeTakeFirst();
      if (!line) throw notFound(`No order line ${lineId}`);
      if (line.status !== "delivered") throw conflict("Keys are given to lines of delivered orders", "lineId");
      if (lineIsOver(line.expiryDate, shopToday(clock()), grace) || !line.itemId) return false;
      const held = (await repository.ofLine(trx, lineId)).length;
      for (let count = held; count < line.devices; count++) {
        if (!(await repository.take(trx, line.itemId, lineId, now()))) return false;
      }
      return true;
    },

    /**
     * A shopper's key does not work (a reported problem): in the caller's transaction, the line's keys
     * are retired (kept as sold, no longer the line's) and as many are taken from stock in their place. 409 when
     * the line holds no key, or stock has too few: the caller's transaction then undoes the retiring too. The
     * caller publishes the ledger's change once it commits.
     */
    async replaceWithin(trx: Db, lineId: string, itemName: string): Promise<number> {
      const line = await trx.selectFrom("order_lines").select(["item_id as itemId"]).where("id", "=", lineId).executeTakeFirst();
      if (!line) throw notFound(`No order line ${lineId}`);
      const retired = await repository.retireOfLine(trx, lineId, now());
      if (retired === 0) throw conflict("This line holds no licence key to replace: give it a key from the order first", "lineId");
      if (!line.itemId) throw conflict("This line's item is no longer in the catalogue: it takes no new key", "lineId");
      for (let count = 0; count < retired; count++) {
        if (!(await repository.take(trx, line.itemId, lineId, now())))
          throw conflict(`No key of ${itemName} is in stock: import more keys, then give the new key again`, "lineId");
      }
      return retired;
    },

    /** How many keys a line was given. */
    countOf: async (lineId: string): Promise<number> => (await repository.ofLine(db, lineId)).length,

    /** The keys a line was given, in the clear, for the delivery message; each reveal is written down. */
    async keysOf(lineId: string, actor: Actor): Promise<string[]> {
      const keys = await repository.ofLine(db, lineId);
      const line = keys.length ? await repository.lineLabel(db, lineId) : undefined;
      for (const key of keys) {
        await audit.record(
          db,
          actor,
          {
            kind: "key",
            what: "licence key for delivery",
            label: `${line?.name ?? "A licence key"} for ${line?.reference ?? "an order"}`,
            licenceKeyId: key.id,
          },
          now(),
        );
      }
      return keys.map((key) => secrets.decrypt(key.codeSecret, secretContext.licenceKey(key.id)));
    },
  };
}
