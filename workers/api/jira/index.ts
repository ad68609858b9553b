/**
 * Jira: connecting (spec §7 "Jira": `POST /v1/jira {code}`, `POST /v1/jira/refresh_token
 * {refresh_token}`) and the import. The tokens answered are sealed for the caller
 * (docs/decisions.md "Jira import").
 */
import { Hono, type Context } from "hono";
import { readCookie } from "../../../domain/i18n/languages";
import { getServerByName } from "partyserver";
import { customFieldTypeOf } from "../../../domain/jira/import-plan";
import { jiraCodeBody, jiraImportBody, jiraInviteBody, jiraPreviewBody, jiraRefreshBody, jiraScheduleBody } from "../../../domain/jira/schemas";
import { OAUTH_COOKIE, OAUTH_COOKIE_SECONDS, exchangeCode, jiraConfig, startAuthorisation, unsealFor, verifierFor } from "../../services/jira-auth";
import { hasConnection, refreshForBrowser, rememberGrant } from "../../services/jira-connections";
import { addressesToInvite, unmatchedPeople } from "../../services/jira-people";
import { findSchedule, setSchedule } from "../../services/jira-sync";
import { inviteMany } from "../../services/invites";
import { checkSeats } from "../../services/plan-limits";
import { hitRateLimit } from "../../services/rate-limit";
import { RATE_LIMITS } from "../../../domain/rate-limit";
import { requireWithin } from "../billing/limit-problem";
import { JiraHttpError, jiraAll, jiraJson, jiraPost } from "../../services/jira-client";
import { importJql } from "../../../domain/jira/resync";
import { findImport, markRunning, startImport } from "../../services/jira-import";
import type { JiraFieldMeta } from "../../services/jira-import-project";
import { access, type ProjectEnv } from "../project-access";
import { mailOrigin } from "../mail-origin";
import { requireUser } from "../middleware";
import { ApiProblem } from "../problem";
import type { AppEnv } from "../types";
import { readJson } from "../validate";

/** How each Jira field will land here, for the preview before starting. */
function fieldPreview(fields: JiraFieldMeta[]) {
  const system = [
    ["summary", "Summary", "title"], ["description", "Description", "description"], ["status", "Status", "status"], ["issuetype", "Issue type", "issue_type"],
    ["priority", "Priority", "Priority (select)"], ["assignee", "Assignee", "participants"], ["reporter", "Reporter", "Reporter (text)"], ["labels", "Labels", "tags"],
    ["duedate", "Due date", "end_date"], ["parent", "Parent / epic", "epic / subtasks"], ["sprint", "Sprint", "sprint"], ["comment", "Comments", "comments"], ["attachment", "Attachments", "files"],
  ].map(([jira, name, to]) => ({ jira: jira!, name: name!, to: to! }));
  const custom = fields
    .filter((f) => f.custom)
    .map((f) => {
      const type = customFieldTypeOf(f.schema);
      const to = f.schema?.custom?.includes("gh-sprint") ? "sprint" : f.schema?.custom?.includes("story-points") ? "estimate" : type ? `${f.name} (${type})` : null;
      return { jira: f.id, name: f.name, to };
    });
  return [...system, ...custom];
}

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
    await rememberGrant(c.get("db"), c.get("user")!.id, result.grant);
    return c.json(result.grant);
  })
  .post("/v1/jira/refresh_token", requireUser, async (c) => {
    const config = configOf(c);
    const body = await readJson(c, jiraRefreshBody);
    const result = await refreshForBrowser(config, c.get("db"), c.get("user")!.id, body.refresh_token);
    // 408 passes through: the browser's schedule tries again (spec §4); anything else erases.
    if (!result.ok) throw result.status === 408 ? new ApiProblem(408, "jira_timeout") : new ApiProblem(400, "jira_token_invalid");
    return c.json(result.grant);
  });

/** What the connected Jira holds: projects with their issue counts, and how fields will map. */
export const jiraPreviewRoutes = new Hono<AppEnv>().post("/v1/jira/preview", requireUser, async (c) => {
  const config = configOf(c);
  const body = await readJson(c, jiraPreviewBody);
  const token = await unsealFor(config, c.get("user")!.id, "access", body.jira_token);
  if (!token) throw new ApiProblem(400, "jira_token_invalid");
  const site = { apiUrl: config.apiUrl, cloudId: body.jira_cloudID, accessToken: token };
  try {
    const projects = await jiraAll<{ id: string; key: string; name: string }>(site, "/rest/api/3/project/search");
    const counted = [];
    for (const p of projects.slice(0, 50)) {
      const { count } = await jiraPost<{ count: number }>(site, "/rest/api/3/search/approximate-count", { jql: importJql([p.key]) });
      counted.push({ key: p.key, name: p.name, count });
    }
    const fields = await jiraJson<JiraFieldMeta[]>(site, "/rest/api/3/field");
    return c.json({ projects: counted, fields: fieldPreview(fields) });
  } catch (err) {
    if (err instanceof JiraHttpError && err.status === 401) throw new ApiProblem(400, "jira_token_invalid");
    if (err instanceof JiraHttpError) throw new ApiProblem(503, "jira_unavailable");
    throw err;
  }
});

export const jiraImportRoutes = new Hono<ProjectEnv>()
  .post("/v1/project/:id/jira/import", access("root"), async (c) => {
    const config = configOf(c as unknown as Context<AppEnv>);
    const body = await readJson(c, jiraImportBody);
    const userId = c.get("user")!.id;
    // Both tokens must be this user's: the object acts for them until the run ends.
    if (!(await unsealFor(config, userId, "access", body.jira_token)) || !(await unsealFor(config, userId, "refresh", body.jira_refresh_token))) throw new ApiProblem(400, "jira_token_invalid");
    const guid = await startImport(c.env, c.get("db"), {
      projectId: c.get("project").id,
      userId,
      cloudId: body.jira_cloudID,
      siteUrl: `https://${body.jira_cloudID}.atlassian.net`,
      projects: body.projects,
      jql: body.jql,
      sealedAccess: body.jira_token,
      sealedRefresh: body.jira_refresh_token,
    });
    return c.json({ guid }, 201);
  })
  .get("/v1/project/:id/jira/import/:importGuid", access("root"), async (c) => {
    const db = c.get("db");
    const projectId = c.get("project").id;
    const view = await findImport(db, projectId, c.req.param("importGuid"));
    if (!view) throw new ApiProblem(404, "jira_import_not_found");
    return c.json({ ...view, schedule: await findSchedule(db, projectId, view.guid), unmatched_people: await unmatchedPeople(db, projectId) });
  })
  .put("/v1/project/:id/jira/import/:importGuid/schedule", access("root"), async (c) => {
    const body = await readJson(c, jiraScheduleBody);
    const db = c.get("db");
    const view = await findImport(db, c.get("project").id, c.req.param("importGuid"));
    if (!view) throw new ApiProblem(404, "jira_import_not_found");
    // Re-syncs run with the server's connection of the person who set them up.
    if (body.every !== "off" && !(await hasConnection(db, c.get("user")!.id))) throw new ApiProblem(409, "jira_not_connected");
    const status = await (await getServerByName(c.env.JiraImport, view.guid)).status();
    const lastStart = status?.phase === "done" ? status.startedAt : null;
    return c.json({ schedule: await setSchedule(db, c.get("project").id, view.guid, body.every, lastStart) });
  })
  .post("/v1/project/:id/jira/import/:importGuid/invite", access("root"), async (c) => {
    const body = await readJson(c, jiraInviteBody);
    const db = c.get("db");
    const project = c.get("project");
    const view = await findImport(db, project.id, c.req.param("importGuid"));
    if (!view) throw new ApiProblem(404, "jira_import_not_found");
    const emails = await addressesToInvite(db, project.id, body.account_ids);
    if (!emails.length) throw new ApiProblem(400, "jira_people_invalid");
    // The same rules as any invitation: the plan's seats, and the inviter's rate.
    requireWithin(await checkSeats(db, project.id, emails));
    const decision = await hitRateLimit(c.env.DB, `invite:user:${c.get("user")!.id}`, RATE_LIMITS.invites);
    if (!decision.allowed) throw new ApiProblem(429, "rate_limited", undefined, { "Retry-After": String(decision.retryAfterSeconds) });
    const created = await inviteMany(c.env, db, project, c.get("user")!, emails.map((email) => ({ email, value: "member" as const })), mailOrigin(c), c.get("i18n").t);
    return c.json(created, 201);
  })
  .post("/v1/project/:id/jira/import/:importGuid/rerun", access("root"), async (c) => {
    const view = await findImport(c.get("db"), c.get("project").id, c.req.param("importGuid"));
    if (!view) throw new ApiProblem(404, "jira_import_not_found");
    const stub = await getServerByName(c.env.JiraImport, view.guid);
    if (!(await stub.rerun()).ok) throw new ApiProblem(409, "jira_import_running");
    // The report row reads as running from now on, not as the last run's end.
    await markRunning(c.get("db"), view.guid);
    return c.json({ guid: view.guid });
  });
