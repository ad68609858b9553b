/**
 * The Worker's bindings as the loaders of one page request share them: their D1 batches of
 * reads go to D1 together (`coalescingD1`), so a page whose layout and page loaders each read
 * one batch takes one round trip for both (issue 17).
 */
import { coalescingD1 } from "../../db/client";
import type { Env } from "../../env";

const shared = new WeakMap<Request, Env>();

/** `env` with a D1 binding shared by every loader of `request`. */
export function pageEnv(request: Request, env: Env): Env {
  let found = shared.get(request);
  if (!found) {
    found = { ...env, DB: coalescingD1(env.DB) };
    shared.set(request, found);
  }
  return found;
}
