/**
 * Jira: connecting (spec §7 "Jira": `POST /v1/jira {code}`, `POST /v1/jira/refresh_token
 * {refresh_token}`) and the import. The tokens answered are sealed for the caller
 * (docs/decisions.md "Jira import").
 */
import { Hono, type Context } from "hono";
import { readCookie } from "../../../domain/i18n/languages";
import { getServerByName } from "partyserver";
import { customFieldTypeOf } from "../../../domain/jira/import-plan";
import { type JiraImportBody, jiraCodeBody, jiraImportBody, jiraInviteBody, jiraNewProjectImportBody, jiraPreviewBody, jiraRefreshBody, jiraScheduleBody } from "../../../domain/jira/schemas";
import { OAUTH_COOKIE, OAUTH_COOKIE_SECONDS, exchangeCode, jiraConfig, startAuthorisation, unsealFor, verifierFor } from "../../services/jira-auth";
import { hasConnection, refreshForBrowser, rememberGrant } from "../../services/jira-connections";
import { type JiraPerson, addressesToInvite, jiraPeople, participantAddresses, rememberPeople, unmatchedPeople } from "../../services/jira-people";
import { findSchedule, setSchedule } from "../../services/jira-sync";
import { inviteMany } from "../../services/invites";
import { checkProjectCreation, checkSeats, limitsFor, within } from "../../services/plan-limits";
import { projectAccess } from "../../services/access";
import { createProject } from "../../services/projects";
import type { Project } from "../../db/schema";
import { hitRateLimit } from "../../services/rate-limit";
import { RATE_LIMITS } from "../../../domain/rate-limit";
import { requireWithin } from "../billing/limit-problem";
import { JiraHttpError, jiraAll, jiraJson, jiraPost } from "../../services/jira-client";
import { importJql } from "../../../domain/jira/resync";
import { findImport, listImports, markRunning, startImport } from "../../services/jira-import";
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

/** Jira's refusals of a call made for the caller, as the caller's problem. */
function jiraProblem(err: unknown): never {
  if (err instanceof JiraHttpError && err.status === 401) throw new ApiProblem(400, "jira_token_invalid");
  if (err instanceof JiraHttpError) throw new ApiProblem(503, "jira_unavailable");
  throw err;
}

/**
 * What the connected Jira holds: projects with their issue counts, how fields will map, and
 * its people (marked `matched` when a participant of `project` has their address).
 */
export const jiraPreviewRoutes = new Hono<AppEnv>()
  .post("/v1/jira/preview", requireUser, async (c) => {
    const config = configOf(c);
    const body = await readJson(c, jiraPreviewBody);
    const token = await unsealFor(config, c.get("user")!.id, "access", body.jira_token);
    if (!token) throw new ApiProblem(400, "jira_token_invalid");
    const site = { apiUrl: config.apiUrl, cloudId: body.jira_cloudID, accessToken: token };
    const target = body.project ? await projectAccess(c.get("db"), c.get("user")!.id, body.project, "root") : null;
    if (target && !target.ok) throw new ApiProblem(403, "project_forbidden");
    try {
      const projects = await jiraAll<{ id: string; key: string; name: string }>(site, "/rest/api/3/project/search");
      const counted = [];
      for (const p of projects.slice(0, 50)) {
        const { count } = await jiraPost<{ count: number }>(site, "/rest/api/3/search/approximate-count", { jql: importJql([p.key]) });
        counted.push({ key: p.key, name: p.name, count });
      }
      const fields = await jiraJson<JiraFieldMeta[]>(site, "/rest/api/3/field");
      const people = await jiraPeople(site);
      const seated = target?.ok ? await participantAddresses(c.get("db"), target.project.id, people.map((p) => p.email)) : new Set<string>();
      return c.json({ projects: counted, fields: fieldPreview(fields), people: people.map((p) => ({ ...p, matched: seated.has(p.email) })) });
    } catch (err) {
      jiraProblem(err);
    }
  })
  .post("/v1/jira/import", requireUser, async (c) => {
    const body = await readJson(c, jiraNewProjectImportBody);
    return c.json(await beginImport(c, body, null), 201);
  });

/**
 * Starts an import into `project`, or into a new project named in the body (the plan's
 * project limit applies). The Jira people chosen for it are invited first, through the
 * ordinary invitation rules (seats, the inviter's rate); every check comes before anything is
 * written, so a refusal leaves no project, no import and no invitation behind.
 */
async function beginImport(c: Context<AppEnv>, body: JiraImportBody & { project_name?: string }, project: Project | null): Promise<{ guid: string; project: string }> {
  const config = configOf(c);
  const db = c.get("db");
  const user = c.get("user")!;
  // Both tokens must be this user's: the object acts for them until the run ends.
  const access = await unsealFor(config, user.id, "access", body.jira_token);
  if (!access || !(await unsealFor(config, user.id, "refresh", body.jira_refresh_token))) throw new ApiProblem(400, "jira_token_invalid");
  if (!project) requireWithin(await checkProjectCreation(db, user.id));
  const wanted = new Set(body.invite ?? []);
  let invitees: JiraPerson[] = [];
  if (wanted.size) {
    // The addresses come from Jira itself, never from the request.
    const people = await jiraPeople({ apiUrl: config.apiUrl, cloudId: body.jira_cloudID, accessToken: access }).catch(jiraProblem);
    invitees = people.filter((p) => wanted.has(p.account_id));
    if (invitees.length !== wanted.size) throw new ApiProblem(400, "jira_people_invalid");
    const seated = project ? await participantAddresses(db, project.id, invitees.map((p) => p.email)) : new Set<string>();
    invitees = invitees.filter((p) => !seated.has(p.email));
    const emails = invitees.map((p) => p.email);
    requireWithin(project ? await checkSeats(db, project.id, emails) : within(await limitsFor(db, user.id), "participants", 1, emails.length));
    if (invitees.length) {
      const decision = await hitRateLimit(c.env.DB, `invite:user:${user.id}`, RATE_LIMITS.invites);
      if (!decision.allowed) throw new ApiProblem(429, "rate_limited", undefined, { "Retry-After": String(decision.retryAfterSeconds) });
    }
  }
  let target = project;
  if (!target) {
    const created = await createProject(db, user.id, body.project_name!, "", c.get("i18n").t);
    const made = created.ok ? await projectAccess(db, user.id, created.projectId, "root") : null;
    if (!made?.ok) throw new ApiProblem(500, "internal");
    target = made.project;
  }
  const guid = await startImport(c.env, db, {
    projectId: target.id,
    userId: user.id,
    cloudId: body.jira_cloudID,
    siteUrl: `https://${body.jira_cloudID}.atlassian.net`,
    projects: body.projects,
    jql: body.jql,
    sealedAccess: body.jira_token,
    sealedRefresh: body.jira_refresh_token,
  });
  if (invitees.length) {
    // Known as the import's people: the report shows them invited, and their Jira tasks become theirs when they accept.
    await rememberPeople(db, target.id, invitees);
    await inviteMany(c.env, db, target, user, invitees.map((p) => ({ email: p.email, value: "member" as const })), mailOrigin(c), c.get("i18n").t);
  }
  return { guid, project: target.id };
}

export const jiraImportRoutes = new Hono<ProjectEnv>()
  .post("/v1/project/:id/jira/import", access("root"), async (c) => {
    const body = await readJson(c, jiraImportBody);
    return c.json(await beginImport(c as unknown as Context<AppEnv>, body, c.get("project")), 201);
  })
  .get("/v1/project/:id/jira/imports", access("root"), async (c) => c.json({ imports: await listImports(c.get("db"), c.get("project").id) }))
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
