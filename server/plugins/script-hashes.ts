import { createHash } from "node:crypto";

/*
 * A kept page allows its inline scripts by their hashes, not by the nonce it was rendered with (ADR 0051): a
 * nonce would have to change with each answer, and the page's bytes could not be kept.
 */

const SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/gi;
const NONCE_ATTRIBUTE = /(?:^|\s)nonce="([^"]*)"/i;
const SRC_ATTRIBUTE = /(?:^|\s)src=/i;
const NONCE_SOURCE = /'nonce-([^']*)'/;

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

/** A page's nonce policy made one that allows the scripts that nonce allowed, by their hashes. */
export function byScriptHashes(policy: string, html: string): string {
  const nonce = NONCE_SOURCE.exec(policy)?.[1];
  if (nonce === undefined) return policy;
  const hashes = inlineScriptHashes(html, nonce).map((hash) => `'sha256-${hash}'`);
  return policy.replace(`'nonce-${nonce}'`, hashes.join(" ")).replace("script-src 'self' ;", "script-src 'self';");
}
