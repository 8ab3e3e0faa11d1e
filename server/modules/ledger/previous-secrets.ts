import { randomUUID } from "node:crypto";
import { PostgresAdapter, sql } from "kysely";
import { PREVIOUS_SECRET_DAYS } from "../../../domain/ledger/accounts";
import type { PreviousSecret } from "../../../domain/ledger/schemas";
import type { Clock } from "../../db/clock";
import type { Db } from "../../db/database";
import { notFound } from "../../errors";
import type { Actor } from "../actor";
import type { AuditLog } from "../audit/service";
import type { Cipher } from "../secrets/cipher";
import { secretContext } from "../secrets/stored";
import { createAccountsRepository } from "./repository";

/** One replaced password (no seat) or seat PIN, still sealed as it was stored. */
type Replaced = { accountId: string; seatId: string | null; what: "password" | "pin"; secret: string; replacedBy: string };

/**
 * The passwords and PINs a change replaced (ADR 0109): kept, sealed as they were, for
 * PREVIOUS_SECRET_DAYS so an admin can still look one up (written to the reveal log first), then deleted.
 */
export function createPreviousSecretsService(db: Db, clock: Clock, secrets: Cipher, { audit }: { audit: Pick<AuditLog, "record"> }) {
  const accounts = createAccountsRepository();
  const now = () => clock().toISOString();

  return {
    /** Keeps a replaced secret, in the change's own transaction (`stamp`: when it was replaced). */
    async keep(trx: Db, replaced: Replaced, stamp: string): Promise<void> {
      await trx
        .insertInto("previous_secrets")
        .values({
          id: randomUUID(),
          account_id: replaced.accountId,
          seat_id: replaced.seatId,
          what: replaced.what,
          secret: replaced.secret,
          replaced_at: stamp,
          replaced_by: replaced.replacedBy,
          delete_after: new Date(clock().getTime() + PREVIOUS_SECRET_DAYS * 86_400_000).toISOString(),
        })
        .execute();
    },

    /** The replaced secrets still kept for the account, newest first. */
    async list(accountId: string): Promise<PreviousSecret[]> {
      const rows = await db
        .selectFrom("previous_secrets as p")
        .leftJoin("account_seats as s", "s.id", "p.seat_id")
        .select([
          "p.id",
          "p.what",
          "s.position as seatPosition",
          "p.replaced_at as replacedAt",
          "p.replaced_by as replacedBy",
          "p.delete_after as deleteAfter",
        ])
        .where("p.account_id", "=", accountId)
        .where("p.delete_after", ">", now())
        .orderBy("p.replaced_at", "desc")
        .execute();
      return rows.map((row) => ({ ...row, what: row.what as "password" | "pin", seatPosition: row.seatPosition ?? null }));
    },

    /** A replaced secret in the clear, for the admin who asked; the reveal is written down first. */
    async reveal(accountId: string, previousId: string | undefined, actor: Actor): Promise<string> {
      return db.transaction().execute(async (trx) => {
        const account = await accounts.find(trx, accountId);
        if (!account) throw notFound(`No account with id ${accountId}`);
        const row = previousId
          ? await trx
              .selectFrom("previous_secrets")
              .selectAll()
              .where("id", "=", previousId)
              .where("account_id", "=", accountId)
              .where("delete_after", ">", now())
              .executeTakeFirst()
          : undefined;
        if (!row) throw notFound(`That replaced secret is gone: they are kept ${PREVIOUS_SECRET_DAYS} days, then deleted`);
        const what = `replaced ${row.what === "pin" ? "PIN" : "password"} (replaced ${row.replaced_at.slice(0, 10)})`;
        await audit.record(
          trx,
          actor,
          { kind: row.what === "pin" ? "pin" : "password", what, label: `${account.service} (${account.login})`, accountId },
          now(),
        );
        const context = row.seat_id ? secretContext.seatPin(row.seat_id) : secretContext.accountPassword(accountId);
        return secrets.decrypt(row.secret, context);
      });
    },

    /**
     * Deletes the replaced secrets whose 7 days are over; the number deleted. On PostgreSQL one instance at a
     * time does it (the others find the lock taken and leave it to the next round).
     */
    async sweep(): Promise<number> {
      return db.transaction().execute(async (trx) => {
        if (trx.getExecutor().adapter instanceof PostgresAdapter) {
          const { rows } = await sql<{
            ok: boolean;
          }>`select pg_try_advisory_xact_lock(hashtext('pasal previous secrets'), hashtext(current_schema())) as ok`.execute(trx);
          if (rows[0]?.ok !== true) return 0;
        }
        const result = await trx.deleteFrom("previous_secrets").where("delete_after", "<=", now()).executeTakeFirst();
        return Number(result.numDeletedRows);
      });
    },
  };
}
export type PreviousSecretsService = ReturnType<typeof createPreviousSecretsService>;
