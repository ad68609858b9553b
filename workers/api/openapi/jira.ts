/** Jira: connecting through Atlassian OAuth 2.0 (3LO) and importing (issue 14). */
import { jiraCodeBody, jiraImportBody, jiraInviteBody, jiraNewProjectImportBody, jiraPreviewBody, jiraRefreshBody, jiraScheduleBody } from "../../../domain/jira/schemas";
import type { Operation } from "./registry";

const GRANT = "`{jira_token, jira_refresh_token, expires_in, jira_cloudID}`: the tokens sealed for the caller (usable only through this API, by this user), seconds to expiry and the first accessible site's id.";

export const jiraOperations: Operation[] = [
  {
    method: "post", path: "/v1/jira/authorize", tag: "Jira", access: "signed-in",
    summary: "Start connecting Jira: the Atlassian authorisation URL (with `state` and PKCE) to open; the state is bound to this session by a short-lived cookie.",
    ok: { status: 200, description: "`{url}`." },
  },
  {
    method: "post", path: "/v1/jira", tag: "Jira", access: "signed-in",
    summary: "Finish connecting: exchange the code Atlassian sent back to `/jira-callback` (with its `state`) for tokens.",
    body: { json: jiraCodeBody }, ok: { status: 200, description: GRANT },
    errors: { 400: ["jira_state_invalid", "jira_code_invalid"] },
  },
  {
    method: "post", path: "/v1/jira/refresh_token", tag: "Jira", access: "signed-in",
    summary: "Refresh the Jira tokens with the sealed refresh token. Answers 408 when Atlassian timed out (the client tries again, at most 3 tries in all).",
    body: { json: jiraRefreshBody }, ok: { status: 200, description: GRANT },
    errors: { 400: ["jira_token_invalid"] },
  },
];

export const jiraImportOperations: Operation[] = [
  {
    method: "post", path: "/v1/jira/preview", tag: "Jira", access: "signed-in",
    summary: "What the connected Jira site holds: its projects with issue counts, how each Jira field will map here, and its people with a visible address (with `project`, marked `matched` when a participant there has their address).",
    body: { json: jiraPreviewBody }, ok: { status: 200, description: "`{projects: [{key, name, count}], fields: [{jira, name, to}], people: [{account_id, name, email, matched}]}`; `to` null: not imported." },
    errors: { 400: ["jira_token_invalid"], 403: ["project_forbidden"], 503: ["jira_unavailable"] },
  },
  {
    method: "post", path: "/v1/jira/import", tag: "Jira", access: "signed-in",
    summary: "Start importing Jira projects into a new project named `project_name`, made for it (the plan's project limit applies); otherwise as `POST /project/{id}/jira/import`.",
    body: { json: jiraNewProjectImportBody }, ok: { status: 201, description: "`{guid, project}`: the import and the new project." },
    errors: { 400: ["jira_token_invalid", "jira_project_invalid", "jira_people_invalid", "project_name_required"], 403: ["plan_limit_projects", "plan_limit_participants"], 429: ["rate_limited"] },
  },
  {
    method: "post", path: "/v1/project/:id/jira/import", tag: "Jira", access: "root",
    summary: "Start importing Jira projects (optionally filtered by JQL) into this project; runs in the background, progress arrives through the user hub (`jira_import`). The Jira people listed in `invite` are invited as members first (seats and the inviter's rate apply); other unmatched people are kept as text.",
    body: { json: jiraImportBody }, ok: { status: 201, description: "`{guid, project}` of the import." },
    errors: { 400: ["jira_token_invalid", "jira_project_invalid", "jira_people_invalid"], 403: ["plan_limit_participants"], 429: ["rate_limited"] },
  },
  {
    method: "get", path: "/v1/project/:id/jira/imports", tag: "Jira", access: "root",
    summary: "The project's Jira imports, newest first (at most 50), whoever started them.",
    ok: { status: 200, description: "`{imports: [{guid, phase, jira_projects, total, counts, problems, started_at, finished_at, started_by, created_at, updated_at}]}`; `problems` is how many, `finished_at` null while running, `started_by` `{guid, name}` or null." },
  },
  {
    method: "get", path: "/v1/project/:id/jira/import/:importGuid", tag: "Jira", access: "root",
    summary: "An import's progress and report: phase, counts per kind, what could not be mapped (with the Jira issue).",
    ok: { status: 200, description: "`{guid, phase, jira_projects, total, counts, problems, created_at, updated_at, schedule, unmatched_people}`; `schedule` is `{every, next_at, last_synced_at}` or null; `unmatched_people` lists Jira people with no participant of their address (`{account_id, name, email, invited}`)." },
    errors: { 404: ["jira_import_not_found"] },
  },
  {
    method: "post", path: "/v1/project/:id/jira/import/:importGuid/rerun", tag: "Jira", access: "root",
    summary: "Run a finished import again: what changed in Jira is updated, nothing is duplicated.",
    ok: { status: 200, description: "`{guid}`." },
    errors: { 404: ["jira_import_not_found"], 409: ["jira_import_running"] },
  },
  {
    method: "put", path: "/v1/project/:id/jira/import/:importGuid/schedule", tag: "Jira", access: "root",
    summary: "Re-sync this import hourly or daily (or stop): the cron runs it with the server's Jira connection of the caller, asking Jira only for issues updated since the last run.",
    body: { json: jiraScheduleBody }, ok: { status: 200, description: "`{schedule}`: `{every, next_at, last_synced_at}`, or null when off." },
    errors: { 400: ["jira_schedule_invalid"], 404: ["jira_import_not_found"], 409: ["jira_not_connected"] },
  },
  {
    method: "post", path: "/v1/project/:id/jira/import/:importGuid/invite", tag: "Jira", access: "root",
    summary: "Invite unmatched Jira people of the report by e-mail, as members (the plan's seats apply); their Jira tasks are assigned to them when they accept.",
    body: { json: jiraInviteBody }, ok: { status: 201, description: "The invitations made, as `GET /project/{id}/invite` lists them." },
    errors: { 400: ["jira_people_invalid"], 403: ["plan_limit_participants"], 404: ["jira_import_not_found"], 429: ["rate_limited"] },
  },
];
