import type { z } from "zod";
import { errorResponseSchema } from "../../../domain/shared/schemas";
import { SESSION_ENDED } from "./require-admin";

/** What the API answers on failure (server/plugins/errors.ts). */
export type ApiFailure = { message: string; errors: Array<{ field: string; message: string }> };

export type ApiResult<T> = { ok: true; data: T } | ({ ok: false; status: number } & ApiFailure);

/**
 * Calls our JSON API from an admin screen (a FormData body goes as multipart), for what is not a screen's
 * write: an image upload, sent as it is picked, before its form is saved. The answer is read with the route's response
 * schema from domain/, so its type is the schema's, not a guess. Never throws: a network failure or a
 * refusal comes back as { ok: false, message, errors } for the screen to show next to its fields or in a toast.
 */
export async function callApi<S extends z.ZodType>(
  method: "GET" | "POST" | "PUT" | "DELETE",
  path: string,
  answerSchema: S,
  body?: unknown,
): Promise<ApiResult<z.output<S>>> {
  let response: Response;
  const json = body !== undefined && !(body instanceof FormData);
  try {
    response = await fetch(path, {
      method,
      // FormData is sent as multipart with the browser's own boundary; anything else as JSON.
      headers: json ? { "content-type": "application/json" } : undefined,
      body: json ? JSON.stringify(body) : (body as FormData | undefined),
    });
  } catch {
    return { ok: false, status: 0, message: "Cannot reach the server. Check your connection and try again.", errors: [] };
  }
  const answer: unknown = await response.json().catch(() => null);
  if (response.ok) {
    const parsed = answerSchema.safeParse(answer);
    if (parsed.success) return { ok: true, data: parsed.data };
    return { ok: false, status: response.status, message: "The server's answer was not understood. Reload the page and try again.", errors: [] };
  }
  // Any refusal, ours or a proxy's: whatever of the usual shape it has.
  const failure = errorResponseSchema.partial().safeParse(answer);
  if (response.status === 401) return { ok: false, status: 401, message: SESSION_ENDED, errors: [] };
  return {
    ok: false,
    status: response.status,
    message: (failure.success && failure.data.message) || `The server answered ${response.status}. Please try again.`,
    errors: (failure.success && failure.data.errors) || [],
  };
}
