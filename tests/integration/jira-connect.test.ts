import { describe, expect, it } from "vitest";
import { authorisedCode, connectJira, fakeJiraUrl, injectFaults } from "../fixtures/jira/connect";
import { CLOUD_ID } from "../fixtures/jira/data";
import { call } from "../fixtures/http";
import { signedIn } from "../fixtures/users";

describe("connecting Jira through Atlassian OAuth (3LO)", () => {
  it("sends the user to the configured authorise page with state and an S256 PKCE challenge", async () => {
    const { cookie } = await signedIn();
    const res = await call("POST", "/api/v1/jira/authorize", { cookie });
    expect(res.status).toBe(200);
    const url = new URL(res.json.url);
    expect(url.origin + url.pathname).toBe(`${fakeJiraUrl()}/authorize`);
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get("state")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get("redirect_uri")).toMatch(/\/jira-callback$/);
    expect(res.headers.get("Set-Cookie")).toMatch(/jira_oauth=v1\.[^;]+; Path=\/api\/v1\/jira; HttpOnly; Secure; SameSite=Lax; Max-Age=600/);
  });

  it("exchanges the code for tokens sealed for the user, with the first accessible site's id", async () => {
    const { cookie } = await signedIn();
    const grant = await connectJira(cookie);
    expect(grant.jira_cloudID).toBe(CLOUD_ID);
    expect(grant.expires_in).toBe(3600);
    // What the browser keeps is not what Atlassian issued: the fake's tokens start with at-/rt-.
    expect(grant.jira_token).toMatch(/^v1\./);
    expect(grant.jira_refresh_token).toMatch(/^v1\./);
  });

  it("refuses a code posted with another session's state, and changes nothing", async () => {
    const a = await signedIn();
    const b = await signedIn();
    const { code, state } = await authorisedCode(a.cookie);
    const stolen = await call("POST", "/api/v1/jira", { cookie: b.cookie, body: { code, state } });
    expect(stolen.status).toBe(400);
    expect(stolen.json.code).toBe("jira_state_invalid");
    const wrongState = await authorisedCode(a.cookie);
    const res = await call("POST", "/api/v1/jira", { cookie: wrongState.cookie, body: { code: wrongState.code, state: "not-the-state" } });
    expect(res.json.code).toBe("jira_state_invalid");
  });

  it("refuses a code Atlassian does not accept", async () => {
    const { cookie } = await signedIn();
    const { state, cookie: withOauth } = await authorisedCode(cookie);
    const res = await call("POST", "/api/v1/jira", { cookie: withOauth, body: { code: "code-forged", state } });
    expect(res.status).toBe(400);
    expect(res.json.code).toBe("jira_code_invalid");
  });

  it("refreshes with the sealed refresh token, rotating it", async () => {
    const { cookie } = await signedIn();
    const grant = await connectJira(cookie);
    const res = await call("POST", "/api/v1/jira/refresh_token", { cookie, body: { refresh_token: grant.jira_refresh_token } });
    expect(res.status).toBe(200);
    expect(res.json.jira_cloudID).toBe(CLOUD_ID);
    expect(res.json.jira_refresh_token).not.toBe(grant.jira_refresh_token);
    // Atlassian rotates refresh tokens: the old one is spent.
    const again = await call("POST", "/api/v1/jira/refresh_token", { cookie, body: { refresh_token: grant.jira_refresh_token } });
    expect(again.json.code).toBe("jira_token_invalid");
  });

  it("passes a 408 from Atlassian through so the browser tries again, and refuses another user's token", async () => {
    const { cookie } = await signedIn();
    const other = await signedIn();
    const grant = await connectJira(cookie);
    await injectFaults([], [408]);
    const timedOut = await call("POST", "/api/v1/jira/refresh_token", { cookie, body: { refresh_token: grant.jira_refresh_token } });
    expect(timedOut.status).toBe(408);
    expect(timedOut.json.code).toBe("jira_timeout");
    const theirs = await call("POST", "/api/v1/jira/refresh_token", { cookie: other.cookie, body: { refresh_token: grant.jira_refresh_token } });
    expect(theirs.status).toBe(400);
    expect(theirs.json.code).toBe("jira_token_invalid");
    const ok = await call("POST", "/api/v1/jira/refresh_token", { cookie, body: { refresh_token: grant.jira_refresh_token } });
    expect(ok.status).toBe(200);
  });
});
