import { createContext, useContext } from "react";

/**
 * The page's CSP nonce during the server render (empty in the browser, which hides nonces from
 * the DOM anyway and never re-runs a hydrated inline script).
 */
export const NonceContext = createContext("");

export const useNonce = () => useContext(NonceContext);
