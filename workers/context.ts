import { createContext } from "react-router";
import type { Env } from "./env";

/** How route loaders reach the Worker's bindings (React Router 8 has no AppLoadContext). */
export const cloudflareContext = createContext<{ env: Env; ctx: ExecutionContext }>();
