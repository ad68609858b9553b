import { createContext } from "react-router";
import type { Env } from "./env";

/** How route loaders reach the Worker's bindings (React Router 8 has no AppLoadContext). */
export const cloudflareContext = createContext<{ env: Env; ctx: ExecutionContext }>();

/** The Content-Security-Policy nonce of this page response; entry.server puts it on every inline script. */
export const cspNonceContext = createContext<string>("");
