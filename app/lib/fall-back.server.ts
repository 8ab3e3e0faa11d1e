import type { AppLoadContext } from "react-router";

/**
 * What `read` gives, or when it throws, what `fallback` gives: the failure goes to the request's log as `message`,
 * and the render is marked as fallen back so that the page is not kept for every shopper (ADR 0048).
 */
export async function readOrFallBack<T>(context: AppLoadContext, message: string, read: () => Promise<T>, fallback: () => T): Promise<T> {
  try {
    return await read();
  } catch (error) {
    context.log.warn({ reason: (error as Error).message }, message);
    context.fellBack = true;
    return fallback();
  }
}
