/**
 * The one error shape of the API: `{detail, code, fields?}` with `detail` and `fields`
 * translated into the caller's language. Handlers throw an ApiProblem; `onError` renders it.
 */
import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import type { z } from "zod";
import type { AppEnv } from "./types";

export class ApiProblem extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    /** A key of the `errors` namespace. */
    readonly code: string,
    readonly fields?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(code);
  }
}

/** Turns zod issues into a 400 whose field messages are error keys. */
export function problemFromZod(error: z.ZodError): ApiProblem {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const path = issue.path.map(String).join(".") || "body";
    fields[path] ??= issue.message;
  }
  const first = error.issues[0]?.message ?? "body_invalid";
  return new ApiProblem(400, first, fields);
}

/** Renders a problem in the request's language; unknown keys fall back to a generic text. */
export function renderProblem(c: Context<AppEnv>, problem: ApiProblem): Response {
  const i18n = c.get("i18n");
  const known = (key: string) => i18n.exists(`errors:${key}`);
  const tr = (key: string, fallback: string) => i18n.t(`errors:${known(key) ? key : fallback}`);
  const fallback = problem.status >= 500 ? "internal" : "body_invalid";
  // Zod's own messages (a wrong body type, say) are not error keys: `code` stays a stable key.
  const code = known(problem.code) ? problem.code : fallback;
  const fields = problem.fields
    ? Object.fromEntries(Object.entries(problem.fields).map(([k, v]) => [k, tr(v, "body_invalid")]))
    : undefined;
  for (const [k, v] of Object.entries(problem.headers ?? {})) c.header(k, v);
  return c.json({ detail: tr(code, fallback), code, ...(fields ? { fields } : {}) }, problem.status);
}
