export type FieldError = { field: string; message: string };

/** An error whose message is meant for the person who sent the request. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldError[],
  ) {
    super(message);
  }
}

export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string, field?: string) => new HttpError(409, message, field ? [{ field, message }] : undefined);
export const badRequest = (message: string, errors?: FieldError[]) => new HttpError(400, message, errors);

/** Foreign-key violations from either database: a row refers to one another write just removed, or is still referred to. */
export function isForeignKeyViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "23503" || code === "SQLITE_CONSTRAINT_FOREIGNKEY";
}

/** Unique-constraint violations from either database, raised when two writes race past our own checks. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || code === "SQLITE_CONSTRAINT_PRIMARYKEY";
}
