/**
 * Who did a write, as the audit log names them: an admin's email (or "shopper at <address>") and the address the
 * request came from. Every module that writes to the log takes one; the audit module writes it down (ADR 0123).
 */
export type Actor = { email: string; address: string | null };
