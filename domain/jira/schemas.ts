/** Bodies of the Jira import API (spec §7 "Jira"), shared by the handlers and the OpenAPI document. */
import { z } from "zod";
import { projectName } from "../projects/schemas";
import { SYNC_EVERY } from "./resync";

const sealed = z.string({ error: "jira_token_invalid" }).min(1, "jira_token_invalid").max(4096, "jira_token_invalid");

/** `POST /api/v1/jira`: the code Atlassian sent back to `/jira-callback`, with its `state`. */
export const jiraCodeBody = z.object({
  code: z.string({ error: "jira_code_invalid" }).min(1, "jira_code_invalid").max(2048, "jira_code_invalid"),
  state: z.string({ error: "jira_state_invalid" }).min(1, "jira_state_invalid").max(256, "jira_state_invalid"),
});

/** `POST /api/v1/jira/refresh_token`. */
export const jiraRefreshBody = z.object({ refresh_token: sealed });

const cloudId = z.string({ error: "jira_cloud_invalid" }).regex(/^[A-Za-z0-9-]{1,64}$/, "jira_cloud_invalid");

/**
 * `POST /api/v1/jira/preview`: what the connected Jira holds, to choose from. With `project`
 * (a project the caller is root of), its people say who already is a participant there.
 */
export const jiraPreviewBody = z.object({ jira_token: sealed, jira_cloudID: cloudId, project: z.string().max(64).optional() });

const accountIds = z.array(z.string().min(1, "jira_people_invalid").max(128, "jira_people_invalid"), { error: "jira_people_invalid" }).max(100, "jira_people_invalid");

export const JQL_MAX = 1000;

/** `POST /api/v1/project/:id/jira/import`. */
export const jiraImportBody = z.object({
  jira_token: sealed,
  jira_refresh_token: sealed,
  jira_cloudID: cloudId,
  projects: z.array(z.string().regex(/^[A-Z][A-Z0-9_]{0,31}$/, "jira_project_invalid"), { error: "jira_project_invalid" }).min(1, "jira_project_invalid").max(20, "jira_project_invalid"),
  jql: z.string().max(JQL_MAX, "jira_jql_invalid").optional(),
  /**
   * Jira people (account ids) without an account here to invite as the import starts; every
   * other unmatched person is kept as text (their name on the tasks, no invitation).
   */
  invite: accountIds.optional(),
});
export type JiraImportBody = z.infer<typeof jiraImportBody>;

/** `POST /api/v1/jira/import`: the same, into a new project of this name made for it. */
export const jiraNewProjectImportBody = jiraImportBody.extend({ project_name: projectName });

/** `PUT /api/v1/project/:id/jira/import/:importGuid/schedule`: re-sync hourly, daily, or not. */
export const jiraScheduleBody = z.object({ every: z.enum(SYNC_EVERY, { error: "jira_schedule_invalid" }) });

/** `POST /api/v1/project/:id/jira/import/:importGuid/invite`: unmatched Jira people to invite. */
export const jiraInviteBody = z.object({ account_ids: accountIds.min(1, "jira_people_invalid") });
