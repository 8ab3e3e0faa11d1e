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

/** A refusal that passes with time: 429 (too many) or 503 (busy), with the seconds to wait (sent as Retry-After). */
export class RetryLater extends HttpError {
  constructor(
    statusCode: 429 | 503,
    message: string,
    readonly retryAfter: number,
  ) {
    super(statusCode, message);
  }
}

/**
 * Another service (a gateway, Telegram) did not answer: a 502 for the person to retry. Its cause was logged as a
 * warning where it was caught, so the error handler writes no error and no stack trace of its own.
 */
export class ServiceUnreachable extends HttpError {
  constructor(message: string) {
    super(502, message);
  }
}

/** A 429 a service refuses, with the seconds to wait. */
export class TooManyRequests extends RetryLater {
  constructor(message: string, retryAfter: number) {
    super(429, message, retryAfter);
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
