import { createContext, useContext } from "react";

/**
 * The per-response nonce the Content-Security-Policy allows scripts by. Set by entry.server for the
 * server render; empty in the browser, which hides nonce values from scripts anyway.
 */
export const NonceContext = createContext("");

export const useNonce = () => useContext(NonceContext);
