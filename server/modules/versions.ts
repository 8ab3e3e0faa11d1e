import { sql, type Expression, type SqlBool, type UpdateResult } from "kysely";
import { z } from "zod";
import { STALE_EDIT_MESSAGE } from "../../domain/shared/versions";
import { HttpError } from "../errors";
import { failures } from "../http/answers";

/** `version = version + 1`, for the `set` of every update of a versioned record. */
export const nextVersion = sql<number>`version + 1`;

/**
 * Runs the update of a versioned record (`set …, version = nextVersion where id = ?`), only over version
 * `expected` when given (ADR 0017): false when no row matched, for the caller to tell a stale edit from a
 * missing record (`unmatched`).
 */
export async function updateAtVersion<Q extends { where(condition: Expression<SqlBool>): Q; executeTakeFirst(): Promise<UpdateResult> }>(
  update: Q,
  expected: number | undefined,
): Promise<boolean> {
  const query = expected === undefined ? update : update.where(sql<SqlBool>`version = ${expected}`);
  return Number((await query.executeTakeFirst()).numUpdatedRows) > 0;
}

/** A save over a record changed since it was read. */
export const staleEdit = () => new HttpError(409, STALE_EDIT_MESSAGE);

/**
 * What a conditional update (`… where id = ? and version = ?`) that matched no row means: the record is
 * there but was changed since it was read (409), or it is gone (the caller's 404).
 */
export function unmatched(stillThere: boolean, missing: () => HttpError): HttpError {
  return stillThere ? staleEdit() : missing();
}

/**
 * The API takes the version an edit was read with as `If-Match: "<version>"` (each item's answer carries its
 * `version`), not in the body: the spec's own client sends a card back as it read it, version and all, and
 * must keep its last-write-wins saves (ADR 0017). Without the header, the save wins as before.
 */
export const ifMatchHeaders = z.looseObject({
  "if-match": z
    .string()
    .regex(/^(W\/)?"?\d{1,9}"?$/, 'If-Match must be the version the edit was read with, such as "3"')
    .optional(),
});

/**
 * The schema of a route that replaces one stored thing, found by `params`, with `body`, and only while it is at the
 * version its If-Match names (ADR 0017): `ok` when saved, 404 when there is no such thing, 409 when it changed since.
 */
export function replacingAtVersion<const P, const B, const A>(summary: string, { params, body, ok }: { params: P; body: B; ok: A }) {
  return { summary, params, headers: ifMatchHeaders, body, response: { 200: ok, ...failures(404, 409) } };
}

export const expectedVersion = (headers: { "if-match"?: string }): number | undefined =>
  headers["if-match"] === undefined ? undefined : Number(headers["if-match"].replace(/\D/g, ""));
