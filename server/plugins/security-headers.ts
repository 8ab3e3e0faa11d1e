import type { FastifyInstance } from "fastify";

/**
 * The page's Content-Security-Policy. Scripts run only from our origin or inline when the page was
 * rendered with them (this response's nonce; the page cache turns it into the hashes of the page's own
 * inline scripts for a page it stores);
 * no plugins, no <base>, no framing. Styles allow inline `style` attributes (React sets some); images may
 * come from any https address, since the admin can point items at one.
 */
export function contentSecurityPolicy(nonce: string, https: boolean, formTargets: readonly string[] = []): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    "connect-src 'self'",
    "media-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    // The no-JavaScript Netflix code form answers with a redirect to the chat.
    // eSewa's payment form is posted to eSewa: its origin comes from the configuration.
    ["form-action 'self' https://wa.me https://t.me", ...formTargets].join(" "),
    ...(https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

/** Headers every answer carries; the CSP is added to HTML pages by the page handler, which knows their scripts. */
export function securityHeaders(https: boolean): Record<string, string> {
  return {
    "x-content-type-options": "nosniff",
    "referrer-policy": "strict-origin-when-cross-origin",
    // Popups stay allowed: checkout opens the seller's chat in a new tab.
    "cross-origin-opener-policy": "same-origin-allow-popups",
    "x-frame-options": "DENY",
    ...(https ? { "strict-transport-security": "max-age=31536000; includeSubDomains" } : {}),
  };
}

export function registerSecurityHeaders(app: FastifyInstance, { https }: { https: boolean }) {
  const headers = securityHeaders(https);
  const { "referrer-policy": referrerPolicy, ...always } = headers;
  app.addHook("onSend", async (_request, reply, payload) => {
    reply.headers(always);
    // A page that must not send its address on (an order page's key, ADR 0076) sets a stricter policy of its own.
    if (!reply.hasHeader("referrer-policy")) reply.header("referrer-policy", referrerPolicy!);
    return payload;
  });
}
