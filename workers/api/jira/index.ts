/**
 * Jira: connecting (spec §7 "Jira": `POST /v1/jira {code}`, `POST /v1/jira/refresh_token
 * {refresh_token}`) and the import. The tokens answered are sealed for the caller
 * (docs/decisions.md "Jira import").
 */
import { Hono, type Context } from "hono";
import { readCookie } from "../../../domain/i18n/languages";
import { jiraCodeBody, jiraRefreshBody } from "../../../domain/jira/schemas";
import { OAUTH_COOKIE, OAUTH_COOKIE_SECONDS, exchangeCode, jiraConfig, refreshTokens, startAuthorisation, verifierFor } from "../../services/jira-auth";
import { mailOrigin } from "../mail-origin";
import { requireUser } from "../middleware";
import { ApiProblem } from "../problem";
import type { AppEnv } from "../types";
import { readJson } from "../validate";

const oauthCookie = (value: string, maxAge: number) => `${OAUTH_COOKIE}=${value}; Path=/api/v1/jira; HttpOnly; Secure; SameSite=Lax; Max-Age=${maxAge}`;

/** The configuration, or a 503 telling the operator's users that Jira is not set up here. */
function configOf(c: Context<AppEnv>) {
  const config = jiraConfig(c.env);
  if (!config) throw new ApiProblem(503, "jira_not_configured");
  return config;
}

/** The authorisation is bound to this very session, not only to the user. */
const sessionBinding = (c: Context<AppEnv>) => `${c.get("user")!.id}:${c.get("sessionHash") ?? ""}`;

export const jiraAuthRoutes = new Hono<AppEnv>()
  .post("/v1/jira/authorize", requireUser, async (c) => {
    const config = configOf(c);
    const { url, cookieValue } = await startAuthorisation(config, sessionBinding(c), mailOrigin(c));
    c.header("Set-Cookie", oauthCookie(cookieValue, OAUTH_COOKIE_SECONDS));
    return c.json({ url });
  })
  .post("/v1/jira", requireUser, async (c) => {
    const config = configOf(c);
    const body = await readJson(c, jiraCodeBody);
    const verifier = await verifierFor(config, sessionBinding(c), readCookie(c.req.header("Cookie"), OAUTH_COOKIE), body.state);
    if (!verifier) throw new ApiProblem(400, "jira_state_invalid");
    const result = await exchangeCode(config, c.get("user")!.id, body.code, verifier, mailOrigin(c));
    // The authorisation is spent either way: a code works once.
    c.header("Set-Cookie", oauthCookie("", 0));
    if (!result.ok) throw new ApiProblem(400, "jira_code_invalid");
    return c.json(result.grant);
  })
  .post("/v1/jira/refresh_token", requireUser, async (c) => {
    const config = configOf(c);
    const body = await readJson(c, jiraRefreshBody);
    const result = await refreshTokens(config, c.get("user")!.id, body.refresh_token);
    // 408 passes through: the browser's schedule tries again (spec §4); anything else erases.
    if (!result.ok) throw result.status === 408 ? new ApiProblem(408, "jira_timeout") : new ApiProblem(400, "jira_token_invalid");
    return c.json(result.grant);
  });
