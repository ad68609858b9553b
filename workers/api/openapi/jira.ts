/** Jira: connecting through Atlassian OAuth 2.0 (3LO) and importing (issue 14). */
import { jiraCodeBody, jiraRefreshBody } from "../../../domain/jira/schemas";
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
