/** What the API answers on failure (server/plugins/errors.ts). */
export type ApiFailure = { message: string; errors: Array<{ field: string; message: string }> };

export type ApiResult<T> = { ok: true; data: T } | ({ ok: false; status: number } & ApiFailure);

/**
 * Calls our JSON API from an admin screen (a FormData body goes as multipart). Never throws: a network failure or a refusal comes back as
 * { ok: false, message, errors } for the screen to show next to its fields or in a toast.
 */
export async function callApi<T = unknown>(method: "GET" | "POST" | "PUT" | "DELETE", path: string, body?: unknown): Promise<ApiResult<T>> {
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
  const answer = (await response.json().catch(() => null)) as (T & Partial<ApiFailure>) | null;
  if (response.ok) return { ok: true, data: answer as T };
  if (response.status === 401) return { ok: false, status: 401, message: "Your session has ended. Please sign in again.", errors: [] };
  return {
    ok: false,
    status: response.status,
    message: answer?.message ?? `The server answered ${response.status}. Please try again.`,
    errors: answer?.errors ?? [],
  };
}

/** The message for one field, from a failed call. */
export const fieldError = (result: ApiResult<unknown> | null, field: string) =>
  result && !result.ok ? result.errors.find((e) => e.field === field || e.field.startsWith(`${field}.`))?.message : undefined;
