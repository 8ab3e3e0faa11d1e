import type { FastifyReply } from "fastify";

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
