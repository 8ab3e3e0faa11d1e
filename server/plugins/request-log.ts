import { LogController, type FastifyReply, type FastifyRequest } from "fastify";
import { withoutLinkKeys } from "../../domain/customer-pages";

/**
 * A request as its log line shows it (Fastify's own fields), its target without an order link's key or a
 * customer link's: each opens a shopper's page, so it is kept out of the logs (ADR 0075, 0104).
 */
export function loggedRequest(request: Partial<Pick<FastifyRequest, "method" | "url" | "host" | "ip">> & { socket?: { remotePort?: number } }) {
  return {
    method: request.method,
    url: withoutLinkKeys(request.url ?? ""),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

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
