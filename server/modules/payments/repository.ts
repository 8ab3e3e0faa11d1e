import type { Selectable } from "kysely";
import { OPEN_PAYMENT_STATUSES, readGateway, type Gateway, type PaymentStatus } from "../../../domain/payments/payments";
import type { PaymentToCheck } from "../../../domain/payments/schemas";
import type { Db } from "../../db/database";
import type { PaymentGatewaysTable, PaymentsTable } from "../../db/schema";

export type StoredGateway = {
  gateway: Gateway;
  enabled: boolean;
  merchantCode: string;
  username: string;
  secretSealed: string | null;
  passwordSealed: string | null;
};

export type StoredPayment = {
  id: string;
  gateway: Gateway;
  gatewayRef: string | null;
  /** The order paid; null for a top-up of `topUpPhone`'s store credit. */
  orderId: string | null;
  topUpPhone: string | null;
  amount: number;
  status: PaymentStatus;
  transactionId: string | null;
  detail: string;
  browserHash: string | null;
  createdAt: string;
  updatedAt: string;
};

const gatewayOf = (row: Selectable<PaymentGatewaysTable>): StoredGateway => ({
  gateway: readGateway(row.gateway)!,
  enabled: row.enabled === 1,
  merchantCode: row.merchant_code,
  username: row.username,
  secretSealed: row.secret_sealed,
  passwordSealed: row.password_sealed,
});

const paymentOf = (row: Selectable<PaymentsTable>): StoredPayment => ({
  id: row.id,
  gateway: readGateway(row.gateway)!,
  gatewayRef: row.gateway_ref,
  orderId: row.order_id,
  topUpPhone: row.top_up_phone,
  amount: Number(row.amount),
  status: row.status as PaymentStatus,
  transactionId: row.transaction_id,
  detail: row.detail,
  browserHash: row.browser_hash,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** How the seller's screens and notices name a top-up, where an order would have its reference. */
export const topUpName = (phone: string) => `Top-up of ${phone}`;

export function createPaymentsRepository() {
  return {
    async gateways(db: Db): Promise<StoredGateway[]> {
      return (await db.selectFrom("payment_gateways").selectAll().execute()).map(gatewayOf).filter((g) => g.gateway !== null);
    },

    async gateway(db: Db, gateway: Gateway): Promise<StoredGateway | undefined> {
      const row = await db.selectFrom("payment_gateways").selectAll().where("gateway", "=", gateway).executeTakeFirst();
      return row ? gatewayOf(row) : undefined;
    },

    async saveGateway(db: Db, gateway: StoredGateway, now: string) {
      const values = {
        enabled: gateway.enabled ? 1 : 0,
        merchant_code: gateway.merchantCode,
        username: gateway.username,
        secret_sealed: gateway.secretSealed,
        password_sealed: gateway.passwordSealed,
        updated_at: now,
      };
      await db
        .insertInto("payment_gateways")
        .values({ gateway: gateway.gateway, ...values })
        .onConflict((oc) => oc.column("gateway").doUpdateSet(values))
        .execute();
    },

    async insert(db: Db, payment: Omit<StoredPayment, "status" | "transactionId" | "detail" | "createdAt" | "updatedAt">, now: string) {
      await db
        .insertInto("payments")
        .values({
          id: payment.id,
          gateway: payment.gateway,
          gateway_ref: payment.gatewayRef,
          order_id: payment.orderId,
          top_up_phone: payment.topUpPhone,
          amount: payment.amount,
          status: "started",
          transaction_id: null,
          detail: "",
          browser_hash: payment.browserHash,
          created_at: now,
          updated_at: now,
          checked_at: null,
        })
        .execute();
    },

    async setReference(db: Db, id: string, gatewayRef: string, now: string) {
      await db.updateTable("payments").set({ gateway_ref: gatewayRef, updated_at: now }).where("id", "=", id).execute();
    },

    async find(db: Db, id: string): Promise<StoredPayment | undefined> {
      const row = await db.selectFrom("payments").selectAll().where("id", "=", id).executeTakeFirst();
      return row ? paymentOf(row) : undefined;
    },

    /** The order's proved payment, if a gateway proved one. */
    async paidOf(db: Db, orderId: string): Promise<StoredPayment | undefined> {
      const row = await db.selectFrom("payments").selectAll().where("order_id", "=", orderId).where("status", "=", "paid").executeTakeFirst();
      return row ? paymentOf(row) : undefined;
    },

    /** The latest attempt of an order, for its page. */
    async latestOf(db: Db, reference: string): Promise<StoredPayment | undefined> {
      const row = await db
        .selectFrom("payments as p")
        .innerJoin("orders as o", "o.id", "p.order_id")
        .selectAll("p")
        .where("o.reference", "=", reference)
        .orderBy("p.created_at", "desc")
        .orderBy("p.id")
        .executeTakeFirst();
      return row ? paymentOf(row) : undefined;
    },

    /**
     * Moves an attempt on only while it is still open (started or pending): of two checks of one payment at once,
     * one decides. false when it was decided already.
     */
    async settle(db: Db, id: string, to: PaymentStatus, outcome: { transactionId: string | null; detail: string }, now: string): Promise<boolean> {
      const result = await db
        .updateTable("payments")
        .set({ status: to, transaction_id: outcome.transactionId, detail: outcome.detail, updated_at: now, checked_at: now })
        .where("id", "=", id)
        .where("status", "in", OPEN_PAYMENT_STATUSES)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Notes what a check found without deciding anything (a forged return, a gateway that did not answer). */
    async note(db: Db, id: string, detail: string, now: string) {
      await db.updateTable("payments").set({ detail, updated_at: now, checked_at: now }).where("id", "=", id).execute();
    },

    /** Payments the seller should look at, oldest first, with their order's reference (a top-up's: "Top-up of <phone>"). */
    async toCheck(db: Db): Promise<PaymentToCheck[]> {
      const rows = await db
        .selectFrom("payments as p")
        .leftJoin("orders as o", "o.id", "p.order_id")
        .select([
          "p.id",
          "p.gateway",
          "p.gateway_ref",
          "p.amount",
          "p.transaction_id",
          "p.detail",
          "p.status",
          "p.created_at",
          "p.updated_at",
          "p.top_up_phone",
          "o.reference",
        ])
        .where("p.status", "=", "check")
        .orderBy("p.updated_at")
        .limit(200)
        .execute();
      return rows.map((row) => ({
        _id: row.id,
        gateway: readGateway(row.gateway)!,
        gatewayRef: row.gateway_ref,
        reference: row.reference ?? topUpName(row.top_up_phone ?? ""),
        amount: Number(row.amount),
        transactionId: row.transaction_id,
        detail: row.detail,
        status: row.status as PaymentStatus,
        createdAt: row.created_at,
        updatedAt: row.updated_at,
      }));
    },

    async resolve(db: Db, id: string, now: string): Promise<boolean> {
      const result = await db
        .updateTable("payments")
        .set({ status: "resolved", updated_at: now })
        .where("id", "=", id)
        .where("status", "=", "check")
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** The order's reference, or what a top-up is called where a reference would be. */
    async orderReference(db: Db, payment: Pick<StoredPayment, "orderId" | "topUpPhone">): Promise<string | undefined> {
      if (!payment.orderId) return payment.topUpPhone ? topUpName(payment.topUpPhone) : undefined;
      return (await db.selectFrom("orders").select("reference").where("id", "=", payment.orderId).executeTakeFirst())?.reference;
    },

    /** The customer an order's store credit is theirs (its phone's key), or null for an order without a phone. */
    async orderPhoneKey(db: Db, orderId: string): Promise<string | null> {
      return (await db.selectFrom("orders").select("phone_key").where("id", "=", orderId).executeTakeFirst())?.phone_key ?? null;
    },

    /** What a renewal order renews, as the seller's notices name it ("PSL-X (Netflix)"); null for any other order. */
    async renews(db: Db, orderId: string): Promise<string | null> {
      const row = await db
        .selectFrom("order_lines as l")
        .innerJoin("orders as o", "o.id", "l.order_id")
        .select(["o.reference", "l.name"])
        .where("l.renewal_order_id", "=", orderId)
        .orderBy("l.position")
        .executeTakeFirst();
      return row ? `${row.reference} (${row.name})` : null;
    },
  };
}
