import { randomUUID } from "node:crypto";
import type { Selectable } from "kysely";
import type { PaymentKind, PaymentMethod } from "../../../domain/payment-methods/payment-methods";
import type { PaymentMethodData } from "../../../domain/payment-methods/schemas";
import type { Db } from "../../db/database";
import type { PaymentMethodsTable } from "../../db/schema";
import { deleteRecord, nextPosition, setPosition } from "../records";
import { nextVersion, updateAtVersion } from "../versions";

function toMethod(row: Selectable<PaymentMethodsTable>): PaymentMethod {
  return {
    _id: row.id,
    kind: row.kind as PaymentKind,
    name: row.name,
    account: row.account,
    holder: row.holder,
    qrImage: row.qr_image,
    note: row.note,
    noteNe: row.note_ne,
    enabled: Number(row.enabled) === 1,
    position: Number(row.position),
    version: Number(row.version),
  };
}

const columns = (data: PaymentMethodData) => ({
  kind: data.kind,
  name: data.name,
  account: data.account,
  holder: data.holder,
  qr_image: data.qrImage,
  note: data.note,
  note_ne: data.noteNe ?? null,
  enabled: data.enabled ? 1 : 0,
});

export function createPaymentMethodsRepository() {
  return {
    async list(db: Db): Promise<PaymentMethod[]> {
      const rows = await db.selectFrom("payment_methods").selectAll().orderBy("position").orderBy("created_at").execute();
      return rows.map(toMethod);
    },

    async findById(db: Db, id: string): Promise<PaymentMethod | undefined> {
      const row = await db.selectFrom("payment_methods").selectAll().where("id", "=", id).executeTakeFirst();
      return row && toMethod(row);
    },

    nextPosition: (db: Db): Promise<number> => nextPosition(db, "payment_methods"),

    async insert(db: Db, data: PaymentMethodData, position: number, now: string): Promise<string> {
      const id = randomUUID();
      await db
        .insertInto("payment_methods")
        .values({ id, ...columns(data), position, created_at: now, updated_at: now })
        .execute();
      return id;
    },

    /** false when no row matched: none with `id`, or (given `expected`) not at that version any more. */
    update(db: Db, id: string, data: PaymentMethodData, now: string, expected?: number): Promise<boolean> {
      return updateAtVersion(
        db
          .updateTable("payment_methods")
          .set({ ...columns(data), updated_at: now, version: nextVersion })
          .where("id", "=", id),
        expected,
      );
    },

    setPosition: (db: Db, id: string, position: number, now: string): Promise<boolean> => setPosition(db, "payment_methods", id, position, now),

    delete: (db: Db, id: string): Promise<boolean> => deleteRecord(db, "payment_methods", id),
  };
}
