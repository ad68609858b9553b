import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

const fake = (env as unknown as { FAKE_JIRA_URL: string }).FAKE_JIRA_URL;

describe("the fake Jira Cloud on loopback", () => {
  it("is reachable from the Worker under test and pages search/jql until isLast", async () => {
    const res = await fetch(`${fake}/_control/stats`);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { issues: number }).issues).toBe(300);
  });
});
