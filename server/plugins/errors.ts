import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { HttpError, RetryLater, ServiceUnreachable, type FieldError } from "../errors";
import { isStaticPath, limit, NOT_FOUND_LIMIT } from "./rate-limits";
import { securityHeaders } from "./security-headers";

// Fastify's own client errors, in words a person can act on.
const frameworkMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "Send the request body as JSON (Content-Type: application/json)",
  FST_ERR_CTP_BODY_TOO_LARGE: "The request body is too large",
  FST_ERR_CTP_EMPTY_JSON_BODY: "The request body is empty; send a JSON object",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "The request's Content-Length does not match its body",
};

function validationAnswer(error: FastifyError & { validation: Array<{ instancePath: string; message?: string }> }) {
  const where = error.validationContext;
  const errors: FieldError[] = error.validation.map((v) => ({
    field: v.instancePath.replace(/^\//, "").replaceAll("/", "."),
    message: v.message ?? "Invalid value",
  }));
  const first = errors[0];
  const message = first && first.field === "" && where === "body" ? "The request body must be a JSON object" : (first?.message ?? "Invalid request");
  return { success: false as const, message, errors };
}

/** One place decides what a failure looks like: 4xx with a message to act on, 5xx logged and answered generically. */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.status(400).send(validationAnswer(error));
    }
    if (error instanceof HttpError) {
      // A refusal that passes with time (too many, busy) is no failure of ours: not logged as one.
      if (error instanceof RetryLater) reply.header("retry-after", String(error.retryAfter));
      else if (error.statusCode >= 500 && !(error instanceof ServiceUnreachable)) request.log.error({ err: error }, "request failed");
      return reply.status(error.statusCode).send({ success: false, message: error.message, errors: error.errors });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message =
        frameworkMessages[error.code] ??
        (error.code === "FST_ERR_CTP_INVALID_JSON_BODY" || error instanceof SyntaxError ? "The request body is not valid JSON" : error.message);
      return reply.status(status).send({ success: false, message });
    }
    request.log.error({ err: error }, "request failed");
    return reply.status(500).send({
      success: false,
      message: `Something went wrong on our side. Please try again; if it keeps happening, quote request ${request.id}.`,
    });
  });
}

/**
 * A JSON 404 for paths no route serves (pages have their own); an address probing many of them is slowed,
 * but not for a missing upload or poster, which a page full of deleted products asks for many times.
 */
export function registerNotFound(app: FastifyInstance) {
  const probing = {
    ...limit(NOT_FOUND_LIMIT, "Too many requests for unknown paths from your address."),
    allowList: (request: FastifyRequest) => isStaticPath(request.url),
  };
  app.setNotFoundHandler({ preHandler: app.rateLimit(probing) }, (request, reply) => {
    reply.status(404).send({ success: false, message: `Nothing here: ${request.method} ${request.url.split("?")[0]}` });
  });
}

/** Failures Fastify's router meets before any route or hook runs, in words that repeat nothing of the target. */
const routerMessages: Record<string, { status: number; message: string }> = {
  FST_ERR_BAD_URL: { status: 400, message: "This address is not valid. Check the link and try again." },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, message: "This address is too long." },
};

/**
 * Fastify's `frameworkErrors`: a target the router cannot read (`/%`) never reaches a hook, so this answers it in
 * the API's shape with the security headers itself. The target may hold an order link's key, so nothing of it is
 * sent back, nothing is stored and no referrer goes on (ADR 0075, 0076).
 */
export function frameworkErrorAnswer({ https }: { https: boolean }) {
  const headers = { ...securityHeaders(https), "referrer-policy": "no-referrer", "cache-control": "no-store" };
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const known = routerMessages[error.code];
    if (!known) request.log.error({ err: error }, "request failed");
    const { status, message } = known ?? {
      status: 500,
      message: `Something went wrong on our side. Please try again; if it keeps happening, quote request ${request.id}.`,
    };
    reply
      .headers({ ...headers, "x-request-id": request.id })
      .status(status)
      .send({ success: false, message });
  };
}
