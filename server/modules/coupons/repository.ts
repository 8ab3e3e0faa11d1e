import { randomUUID } from "node:crypto";
import { sql, type Selectable } from "kysely";
import type { Coupon, CouponInput, CouponUse } from "../../../domain/coupons/schemas";
import type { CouponKind, CouponRules, CouponScope } from "../../../domain/coupons/coupons";
import type { Db } from "../../db/database";
import type { CouponsTable } from "../../db/schema";
import { nextVersion, updateAtVersion } from "../versions";

export type StoredCoupon = CouponRules & { id: string; uses: number };

const rules = (row: Selectable<CouponsTable>): StoredCoupon => ({
  id: row.id,
  code: row.code,
  kind: row.kind as CouponKind,
  amount: Number(row.amount),
  scope: row.scope as CouponScope,
  targets: JSON.parse(row.targets) as string[],
  minTotal: Number(row.min_total),
  startsOn: row.starts_on,
  endsOn: row.ends_on,
  maxUses: row.max_uses === null ? null : Number(row.max_uses),
  maxUsesPerPhone: row.max_uses_per_phone === null ? null : Number(row.max_uses_per_phone),
  enabled: Number(row.enabled) === 1,
  uses: Number(row.uses),
});

const columns = (input: CouponInput) => ({
  code: input.code,
  kind: input.kind,
  amount: input.amount,
  scope: input.scope,
  targets: JSON.stringify(input.scope === "all" ? [] : [...new Set(input.targets)]),
  min_total: input.minTotal,
  starts_on: input.startsOn,
  ends_on: input.endsOn,
  max_uses: input.maxUses,
  max_uses_per_phone: input.maxUsesPerPhone,
  enabled: input.enabled ? 1 : 0,
});

export function createCouponsRepository() {
  async function list(db: Db, id?: string): Promise<Coupon[]> {
    let query = db
      .selectFrom("coupons as c")
      .selectAll("c")
      .select((eb) =>
        eb
          .selectFrom("coupon_uses as u")
          .innerJoin("orders as o", "o.id", "u.order_id")
          .whereRef("u.coupon_id", "=", "c.id")
          .where("o.status", "!=", "cancelled")
          .select(sql<number>`coalesce(sum(u.discount), 0)`.as("given"))
          .as("discount_given"),
      )
      .orderBy("c.created_at", "desc")
      .orderBy("c.code");
    if (id) query = query.where("c.id", "=", id);
    const rows = await query.execute();
    return rows.map((row) => {
      const { id: _id, ...coupon } = rules(row);
      return {
        _id,
        ...coupon,
        targets: [...coupon.targets],
        discountGiven: Number(row.discount_given ?? 0),
        createdAt: row.created_at,
        updatedAt: row.updated_at,
        version: Number(row.version),
      };
    });
  }

  return {
    list: (db: Db) => list(db),

    findById: async (db: Db, id: string): Promise<Coupon | undefined> => (await list(db, id))[0],

    async findByCode(db: Db, code: string): Promise<StoredCoupon | undefined> {
      const row = await db.selectFrom("coupons").selectAll().where("code", "=", code).executeTakeFirst();
      return row && rules(row);
    },

    async insert(db: Db, input: CouponInput, now: string): Promise<string> {
      const id = randomUUID();
      await db
        .insertInto("coupons")
        .values({ id, ...columns(input), created_at: now, updated_at: now })
        .execute();
      return id;
    },

    /** false when no row matched: none with `id`, or (given `expected`) not at that version any more. */
    update(db: Db, id: string, input: CouponInput, now: string, expected?: number): Promise<boolean> {
      return updateAtVersion(
        db
          .updateTable("coupons")
          .set({ ...columns(input), updated_at: now, version: nextVersion })
          .where("id", "=", id),
        expected,
      );
    },

    async usesByPhone(db: Db, couponId: string, phoneKey: string): Promise<number> {
      const row = await db
        .selectFrom("coupon_uses as u")
        .innerJoin("orders as o", "o.id", "u.order_id")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("u.coupon_id", "=", couponId)
        .where("u.phone_key", "=", phoneKey)
        .where("o.status", "!=", "cancelled")
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /**
     * Counts one use, in one statement that only raises the count while it is under the limit: on PostgreSQL a
     * second checkout waits on the row and re-reads it once the first commits; SQLite writes one at a time. False
     * when the coupon is used up.
     */
    async takeUse(db: Db, couponId: string): Promise<boolean> {
      const result = await db
        .updateTable("coupons")
        .set({ uses: sql<number>`uses + 1` })
        .where("id", "=", couponId)
        .where((eb) => eb.or([eb("max_uses", "is", null), eb("uses", "<", eb.ref("max_uses"))]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async recordUse(db: Db, use: { orderId: string; couponId: string; phoneKey: string | null; discount: number }, now: string) {
      await db
        .insertInto("coupon_uses")
        .values({ order_id: use.orderId, coupon_id: use.couponId, phone_key: use.phoneKey, discount: use.discount, created_at: now })
        .execute();
    },

    async uses(db: Db, couponId: string): Promise<CouponUse[]> {
      const rows = await db
        .selectFrom("coupon_uses as u")
        .innerJoin("orders as o", "o.id", "u.order_id")
        .select(["o.reference", "o.phone", "u.discount", "o.status", "u.created_at"])
        .where("u.coupon_id", "=", couponId)
        .orderBy("u.created_at", "desc")
        .limit(500)
        .execute();
      return rows.map((row) => ({
        reference: row.reference,
        phone: row.phone,
        discount: Number(row.discount),
        status: row.status,
        createdAt: row.created_at,
      }));
    },
  };
}
