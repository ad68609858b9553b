import type { MiddlewareHandler } from "hono";
import { readCookie } from "../../domain/i18n/languages";
import { getDb } from "../db/client";
import { i18nFor, languageOf } from "../services/i18n";
import type { User } from "../db/schema";
import { type AccessRows, userWithAccessRows } from "../services/access";
import { SESSION_COOKIE, userForToken } from "../services/sessions";
import { ApiProblem } from "./problem";
import type { AppEnv } from "./types";


/** Sets the database, the caller's language and, if a session is presented, the user. */
export const requestContext: MiddlewareHandler<AppEnv> = async (c, next) => {
  const db = getDb(c.env.DB);
  const lang = languageOf(c.req.raw);
  c.set("db", db);
  c.set("lang", lang);
  c.set("i18n", i18nFor(lang));
  const bearer = c.req.header("Authorization")?.match(/^Bearer\s+(\S+)$/i)?.[1];
  const cookie = readCookie(c.req.header("Cookie"), SESSION_COOKIE);
  const token = bearer ?? cookie;
  if (token) {
    // A call on a project reads the caller's rows there with the session; access() decides on
    // them when they are its route's project's and user's (services/access.ts).
    const projectId = PROJECT_CALL.exec(c.req.path)?.[1];
    const session: { user: User; hash: string; rows?: AccessRows } | undefined = projectId ? await userWithAccessRows(db, token, projectId, c.env) : await userForToken(db, token, c.env);
    if (session) {
      c.set("user", session.user);
      c.set("sessionHash", session.hash);
      c.set("authVia", bearer ? "bearer" : "cookie");
      c.set("accessRows", session.rows);
    }
  }
  await next();
};

/** `/api/v{n}/project/{id}` and below: the routes `access()` guards name their project so. */
const PROJECT_CALL = /^\/api\/v\d+\/project\/([^/]+)(?:\/|$)/;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * CSRF guard: a state-changing request that a browser could send with our cookie must come from
 * our own origin. Bearer-authenticated calls carry no ambient credentials and are exempt.
 */
export const sameOrigin: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!SAFE_METHODS.has(c.req.method) && c.get("authVia") !== "bearer") {
    const origin = c.req.header("Origin");
    const own = new URL(c.req.url).origin;
    // Browsers send Origin on every cross- and same-origin write; a cookie without one is suspect.
    if ((origin && origin !== own) || (!origin && c.get("authVia") === "cookie")) {
      throw new ApiProblem(403, "origin_forbidden");
    }
  }
  await next();
};

export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.get("user")) throw new ApiProblem(401, "unauthorized");
  await next();
};
