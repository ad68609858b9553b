/** HTTP-level guards of the API: body size before parsing, 405 with `Allow` for known paths. */
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { TrieRouter } from "hono/router/trie-router";
import { bodyLimitOf } from "../../domain/http/body-limits";
import { ApiProblem } from "./problem";
import type { AppEnv } from "./types";

const limiters = new Map<string, MiddlewareHandler>();

/**
 * Refuses a body above the path's limit with a translated 413 before anything reads it: from
 * Content-Length at once, or while counting a chunked stream.
 */
export const bodySizeLimit: MiddlewareHandler<AppEnv> = (c, next) => {
  const { maxBytes, code } = bodyLimitOf(new URL(c.req.url).pathname);
  const key = `${maxBytes}:${code}`;
  let limiter = limiters.get(key);
  if (!limiter) {
    limiter = sizeLimit(maxBytes, code);
    limiters.set(key, limiter);
  }
  return limiter(c, next);
};

/** A body limit: past `maxBytes`, a translated 413 with `code` (a key of the `errors` namespace). */
export function sizeLimit(maxBytes: number, code = "file_too_large"): MiddlewareHandler {
  return bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new ApiProblem(413, code);
    },
  });
}

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;

/**
 * Says which methods the app answers on a path, from its own route table: middleware is
 * registered for "ALL" and does not count. Built once per isolate.
 */
export function methodsOfPath(routes: readonly { method: string; path: string }[]): (path: string) => string[] {
  let router: TrieRouter<true> | undefined;
  return (path) => {
    if (!router) {
      router = new TrieRouter<true>();
      for (const route of routes) if (route.method !== "ALL") router.add(route.method, route.path, true);
    }
    const allowed: string[] = METHODS.filter((method) => router!.match(method, path)[0].length > 0);
    if (allowed.includes("GET")) allowed.push("HEAD");
    return allowed;
  };
}

/** A 405 problem naming the methods the path does answer to. */
export function methodNotAllowed(allowed: readonly string[]): ApiProblem {
  return new ApiProblem(405, "method_not_allowed", undefined, { Allow: allowed.join(", ") });
}
