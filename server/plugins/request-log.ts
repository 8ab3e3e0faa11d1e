import { LogController, type FastifyReply, type FastifyRequest } from "fastify";

/**
 * One log line per request, when it ends, with the request in it, as the page cache's door logs its hits:
 * Fastify's default writes a second one ("incoming request") before it, twice the logging per request (ADR 0015).
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, "request errored");
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, "request completed");
  }
}
