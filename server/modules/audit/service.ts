import type { AuditPage, AuditQuery } from "../../../domain/audit/schemas";
import type { Db } from "../../db/database";
import { createAuditRepository } from "./repository";

/** The audit screen's reading of the log (ADR 0100); the modules write to it through the repository. */
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
