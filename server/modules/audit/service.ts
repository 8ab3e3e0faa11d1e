import type { AuditPage, AuditQuery } from "../../../domain/audit/schemas";
import type { Db } from "../../db/database";
import type { Actor } from "../actor";
import { createAuditRepository, type AuditRecord } from "./repository";

/**
 * The log as the other modules write and read it (ADR 0100, 0123): built once in `server/services.ts` and handed
 * to each module that writes a line, so none of them builds the audit repository.
 */
export function createAuditLog(db: Db) {
  const repository = createAuditRepository();
  return {
    /** Writes one line, in the caller's transaction (`trx`) so it stands or falls with the write it records. */
    record: (trx: Db, actor: Actor, entry: AuditRecord, now: string) => repository.record(trx, actor, entry, now),
    /** The lines of one account, newest first (its card's reveal log). */
    ofAccount: (accountId: string) => repository.ofAccount(db, accountId),
    /** The reveals of the gateways' merchant secrets, newest first. */
    ofGateways: () => repository.ofGateways(db),
  };
}
export type AuditLog = ReturnType<typeof createAuditLog>;

/** The audit screen's reading of the log (ADR 0100); the modules write to it through `createAuditLog`. */
export function createAuditService(db: Db) {
  const repository = createAuditRepository();
  return {
    /** One page of the log, newest first; a page past the last answers the last one. */
    async list(query: AuditQuery): Promise<AuditPage> {
      let found = await repository.page(db, query);
      const pages = Math.max(1, Math.ceil(found.total / query.limit));
      if (query.page > pages) found = await repository.page(db, { ...query, page: pages });
      return { ...found, page: Math.min(query.page, pages), pages, admins: await repository.admins(db) };
    },
  };
}
