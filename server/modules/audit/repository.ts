import { randomUUID } from "node:crypto";
import { sql, type ExpressionBuilder, type SelectQueryBuilder } from "kysely";
import { AUDIT_FILTER_KINDS, AUDIT_SHOPPERS, shopDayStart, type AuditKind } from "../../../domain/audit/audit";
import type { AuditEntry, AuditQuery } from "../../../domain/audit/schemas";
import { addDays } from "../../../domain/ledger/settings";
import { containsText } from "../../db/contains-text";
import type { Db } from "../../db/database";
import type { Tables } from "../../db/schema";
import type { Actor } from "../actor";

/** One row of the log; `label` is what it was about, as it reads now, kept when the thing is gone. */
export type AuditRecord = {
  kind: AuditKind;
  what: string;
  label: string;
  accountId?: string | null;
  licenceKeyId?: string | null;
  gateway?: string | null;
};

type LogScope = ExpressionBuilder<Tables, "secret_reveals">;

const SHOPPER_PREFIX = "shopper at %";

function matching(eb: LogScope, query: Omit<AuditQuery, "page" | "limit">) {
  const conditions = [];
  if (query.kind) conditions.push(eb("kind", "in", [...AUDIT_FILTER_KINDS[query.kind]]));
  if (query.who === AUDIT_SHOPPERS) conditions.push(eb("admin_email", "like", SHOPPER_PREFIX));
  else if (query.who) conditions.push(sql<boolean>`lower(admin_email) = ${query.who.toLowerCase()}`);
  if (query.from) conditions.push(eb("at", ">=", shopDayStart(query.from)));
  if (query.to) conditions.push(eb("at", "<", shopDayStart(addDays(query.to, 1))));
  if (query.q) {
    const text = query.q;
    conditions.push(
      eb.or([containsText("what", text), containsText("label", text), containsText("admin_email", text), containsText("address", text)]),
    );
  }
  return eb.and(conditions);
}

/** A reveal log as a screen shows it: the newest hundred, newest first. */
const newestReveals = <O>(query: SelectQueryBuilder<Tables, "secret_reveals", O>) => query.orderBy("at", "desc").limit(100).execute();

export function createAuditRepository() {
  return {
    /** Writes one row of the log, in the caller's transaction when it has one. */
    async record(db: Db, actor: Actor, entry: AuditRecord, now: string) {
      await db
        .insertInto("secret_reveals")
        .values({
          id: randomUUID(),
          account_id: entry.accountId ?? null,
          licence_key_id: entry.licenceKeyId ?? null,
          gateway: entry.gateway ?? null,
          what: entry.what,
          admin_email: actor.email,
          at: now,
          kind: entry.kind,
          label: entry.label,
          address: actor.address || null,
        })
        .execute();
    },

    /** One page of the log, newest first, and how many rows match. */
    async page(db: Db, query: AuditQuery): Promise<{ items: AuditEntry[]; total: number }> {
      const where = (eb: LogScope) => matching(eb, query);
      const [rows, counted] = await Promise.all([
        db
          .selectFrom("secret_reveals")
          .select(["id", "at", "kind", "what", "label", "admin_email as who", "address"])
          .where(where)
          .orderBy("at", "desc")
          .orderBy("id", "desc")
          .limit(query.limit)
          .offset((query.page - 1) * query.limit)
          .execute(),
        db
          .selectFrom("secret_reveals")
          .select((eb) => eb.fn.countAll<string | number>().as("n"))
          .where(where)
          .executeTakeFirstOrThrow(),
      ]);
      return { items: rows, total: Number(counted.n) };
    },

    /** Every admin the log names (shoppers aside), for the "Who" filter. */
    async admins(db: Db): Promise<string[]> {
      const rows = await db
        .selectFrom("secret_reveals")
        .select("admin_email")
        .distinct()
        .where("admin_email", "not like", SHOPPER_PREFIX)
        .orderBy("admin_email")
        .limit(200)
        .execute();
      return rows.map((row) => row.admin_email);
    },

    /** The rows of one account, newest first (its card's reveal log). */
    async ofAccount(db: Db, accountId: string) {
      return newestReveals(
        db.selectFrom("secret_reveals").select(["id", "what", "admin_email as adminEmail", "at"]).where("account_id", "=", accountId),
      );
    },

    /** The reveals of the gateways' merchant secrets, newest first. */
    async ofGateways(db: Db) {
      return newestReveals(
        db.selectFrom("secret_reveals").select(["gateway", "what", "admin_email as adminEmail", "at"]).where("gateway", "is not", null),
      );
    },
  };
}
