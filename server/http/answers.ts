import type { FastifyReply, FastifySchema } from "fastify";
import { errorResponseSchema, successMessageSchema } from "../../domain/shared/schemas";

/** The failures a route may declare beyond the conventional 400 and 401 (conventions.ts). */
type FailureStatus = 403 | 404 | 409 | 429;

/** A route's error answers for `statuses`: `{ success: false, message }` each (domain/shared/schemas.ts). */
export function failures<const S extends FailureStatus>(...statuses: S[]): Record<S, typeof errorResponseSchema> {
  return Object.fromEntries(statuses.map((status) => [status, errorResponseSchema])) as Record<S, typeof errorResponseSchema>;
}

/**
 * The options of a route that answers `{ success: true, message }` (messageWhenDone) and otherwise fails only
 * with `statuses`, besides the conventional failures: its schema, with `response` written for it.
 */
export function answeringMessage<const S extends Omit<FastifySchema, "response">>(schema: S, ...statuses: FailureStatus[]) {
  return { schema: { ...schema, response: { 200: successMessageSchema, ...failures(...statuses) } } };
}

/** The answer of a write that sends nothing back but what it did: `{ success: true, message }` once `write` is done. */
export async function messageWhenDone(write: Promise<unknown>, message: string) {
  await write;
  return { success: true as const, message };
}

/**
 * Marks an answer as one shopper's own (their order, their customer page, their payment's return): never kept by
 * a browser or proxy cache, nor sent on as a referrer (ADR 0075, 0076).
 */
export const oneShoppersAnswer = (reply: FastifyReply) => reply.header("cache-control", "no-store").header("referrer-policy", "no-referrer");
