import { data, isRouteErrorResponse } from "react-router";
import type { z } from "zod";

/** A field's message, keyed by the field's path ("Name", "plans.3"); "" for the form as a whole. */
export type FieldErrors = Record<string, string>;

/**
 * What every admin action answers: the toast's message, and on a refusal the messages for the fields.
 * `unreached` marks the answers of reachServer, when the server was not reached or failed, for screens
 * whose spec words those apart (the videos).
 */
export type ActionAnswer = { ok: true; message: string; detail?: unknown } | ActionRefusal;
export type ActionRefusal = { ok: false; message: string; errors: FieldErrors; unreached?: "network" | "server" };

/** zod's issues as one message per field (the first wins), paths relative to the form's fields. */
export function issuesByField(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const path = issue.path[0] === "fields" ? issue.path.slice(1) : issue.path;
    errors[path.map(String).join(".")] ??= issue.message;
  }
  return errors;
}

/** A refusal an action's write throws, answered like a service's 4xx: `throw refuse(404, "…")`. */
export const refuse = (statusCode: number, message: string) => Object.assign(new Error(message), { statusCode });

const refused = (status: number, message: string, errors: FieldErrors = {}) => data<ActionAnswer>({ ok: false, message, errors }, { status });

/**
 * The body of every admin action: reads what the screen sent (JSON, from useAdminAction), checks it with
 * the schema the browser checked it with, and runs the write. The answer is the write's message, or a
 * refusal with the messages for the fields, which the screen shows next to them as it does the browser's
 * own check: a form the schema refuses, or a refusal of the services meant for the admin (a taken Id).
 * Anything else is the server's failure, and is thrown. A write whose screen needs more than the message
 * (the delivery's chat link) answers `{ message, detail }`.
 */
export async function answer<S extends z.ZodType>(
  request: Request,
  schema: S,
  write: (form: z.output<S>) => Promise<string | { message: string; detail: unknown }>,
) {
  const body: unknown = await request.json().catch(() => undefined);
  if (body === undefined) return refused(400, "Send the form as JSON");
  const parsed = schema.safeParse(body);
  if (!parsed.success) return refused(400, parsed.error.issues[0]?.message ?? "Invalid form", issuesByField(parsed.error.issues));
  try {
    const written = await write(parsed.data);
    return data<ActionAnswer>(typeof written === "string" ? { ok: true, message: written } : { ok: true, ...written });
  } catch (error) {
    const { statusCode, message, errors } = error as { statusCode?: unknown; message: string; errors?: Array<{ field: string; message: string }> };
    if (typeof statusCode !== "number" || statusCode < 400 || statusCode >= 500) throw error;
    return refused(statusCode, message, issuesByField((errors ?? []).map((e) => ({ path: e.field ? e.field.split(".") : [], message: e.message }))));
  }
}

/**
 * Every admin screen's clientAction: the server's action, except that a dropped connection or a failure of
 * the server is an answer the screen shows in its toast, keeping what the admin typed, rather than an error
 * that replaces the screen. An ended session still goes to the screen's boundary, which sends it to sign-in.
 */
export async function reachServer<T>({ serverAction }: { serverAction: () => Promise<T> }): Promise<T | ActionAnswer> {
  try {
    return await serverAction();
  } catch (error) {
    // An ended session goes to the boundary; a redirect (removing yourself ends at sign-in) is followed.
    if ((isRouteErrorResponse(error) && error.status === 401) || error instanceof Response) throw error;
    if (isRouteErrorResponse(error))
      return { ok: false, message: "Something went wrong on our side. Please try again.", errors: {}, unreached: "server" };
    return { ok: false, message: "Cannot reach the server. Check your connection and try again.", errors: {}, unreached: "network" };
  }
}
