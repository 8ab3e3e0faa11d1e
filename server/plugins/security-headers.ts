import { createHash } from "node:crypto";
import type { FastifyInstance } from "fastify";

/** Which inline scripts may run: those carrying this response's nonce, or those with these SHA-256 hashes. */
export type InlineScripts = { nonce: string } | { hashes: readonly string[] };

/**
 * The page's Content-Security-Policy. Scripts run only from our origin or inline when the page was
 * rendered with them (a nonce per response, or for a cached page the hashes of its own inline scripts);
 * no plugins, no <base>, no framing. Styles allow inline `style` attributes (React sets some); images may
 * come from any https address, since the admin can point items at one.
 */
export function contentSecurityPolicy(scripts: InlineScripts, https: boolean): string {
  const inline = "nonce" in scripts ? `'nonce-${scripts.nonce}'` : scripts.hashes.map((hash) => `'sha256-${hash}'`).join(" ");
  return [
    "default-src 'self'",
    `script-src 'self' ${inline}`.trimEnd(),
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    "connect-src 'self'",
    "media-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    // The no-JavaScript Netflix code form answers with a redirect to the chat.
    "form-action 'self' https://wa.me https://t.me",
    ...(https ? ["upgrade-insecure-requests"] : []),
  ].join("; ");
}

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const NONCE_ATTRIBUTE = /(?:^|\s)nonce="([^"]*)"/i;
const SRC_ATTRIBUTE = /(?:^|\s)src=/i;

/**
 * The SHA-256 (base64) of each distinct inline script of a page we rendered with `nonce`, as a policy
 * lists them. Only scripts carrying that nonce count, as the nonce policy would have run only those: a
 * script that got into the page any other way (an injection bug) is not listed, so it is still refused.
 */
export function inlineScriptHashes(html: string, nonce: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, content] of html.matchAll(SCRIPT)) {
    if (SRC_ATTRIBUTE.test(attributes!) || NONCE_ATTRIBUTE.exec(attributes!)?.[1] !== nonce) continue;
    hashes.add(createHash("sha256").update(content!).digest("base64"));
  }
  return [...hashes];
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
  app.addHook("onSend", async (_request, reply, payload) => {
    reply.headers(headers);
    return payload;
  });
}
