/**
 * A call on a project reads the caller's session and their rows on that project in one D1 round
 * trip (issue 17: a card move took three, the session, the access and the write). The rows read
 * early decide nothing the access rule did not decide before: these are the rule's cases again,
 * through the early read.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { participants, sessions, users } from "../../workers/db/schema";
import { sha256Hex } from "../../workers/services/ids";
import { call } from "../fixtures/http";
import { expectProblem } from "../fixtures/problems";
import { buildTeam } from "../fixtures/projects";
import { db, expireSession, signedIn } from "../fixtures/users";

/** D1 round trips of a request, from the `Server-Timing` header the Worker adds in development. */
const d1Calls = (headers: Headers) => Number(headers.get("Server-Timing")?.match(/d1;desc="calls";dur=(\d+)/)?.[1]);

async function teamWithTask() {
  const team = await buildTeam();
  const created = await call("POST", `/api/v1/project/${team.projectId}/issue`, { cookie: team.cookies.root, body: { custom_fields: [{ slug: "title", value: "Move me" }] } });
  expect(created.status).toBe(201);
  return { team, task: created.json.guid as string };
}

describe("a call on a project", () => {
  it("moves a card in two D1 round trips: the session with the caller's rows, then the write", async () => {
    const { team, task } = await teamWithTask();
    const moved = await call("PATCH", `/api/v1/project/${team.projectId}/issue`, { cookie: team.cookies.write, body: [{ guid: task, sort: 4242 }] });
    expect(moved.status).toBe(200);
    expect(moved.json).toEqual({ ok: true, written: 1 });
    expect(d1Calls(moved.headers)).toBe(2);
    const read = await call("GET", `/api/v1/project/${team.projectId}/issue/${task}`, { cookie: team.cookies.read });
    expect(read.status).toBe(200);
    expect(read.json.sort).toBe(4242);
  });

  it("refuses, through the rows read with the session, a reader's write and an outsider's read, and writes nothing", async () => {
    const { team, task } = await teamWithTask();
    expectProblem(await call("PATCH", `/api/v1/project/${team.projectId}/issue`, { cookie: team.cookies.read, body: [{ guid: task, sort: 1 }] }), 403, "project_forbidden");
    expectProblem(await call("PATCH", `/api/v1/project/${team.projectId}/issue`, { cookie: team.cookies.unverified, body: [{ guid: task, sort: 1 }] }), 403, "project_forbidden");
    expectProblem(await call("GET", `/api/v1/project/${team.projectId}/issue/${task}`, { cookie: team.cookies.outsider }), 403, "project_forbidden");
    const read = await call("GET", `/api/v1/project/${team.projectId}/issue/${task}`, { cookie: team.cookies.root });
    expect(read.json.sort).not.toBe(1);
  });

  it("reads the rows of the session's own holder: another participant's rights never lend themselves", async () => {
    const { team, task } = await teamWithTask();
    // The outsider's session, and the project's root in the same request's other headers: the
    // Bearer token wins, and the rows are the outsider's (none).
    const outsider = team.users.outsider;
    const token = outsider.cookie.replace(/^sid=/, "");
    expectProblem(await call("PATCH", `/api/v1/project/${team.projectId}/issue`, { bearer: token, cookie: team.cookies.root, body: [{ guid: task, sort: 7 }] }), 403, "project_forbidden");
  });

  it("answers 401 to an expired session on a project call and ends it", async () => {
    const { team, task } = await teamWithTask();
    const writer = team.users.write;
    const token = writer.cookie.replace(/^sid=/, "");
    await expireSession(token);
    expectProblem(await call("PATCH", `/api/v1/project/${team.projectId}/issue`, { cookie: writer.cookie, body: [{ guid: task, sort: 9 }] }), 401, "unauthorized");
    expect(await db().select().from(sessions).where(eq(sessions.tokenHash, await sha256Hex(token))).all()).toEqual([]);
  });

  it("sees a right taken away since the session began", async () => {
    const { team, task } = await teamWithTask();
    await db().update(participants).set({ write: false }).where(eq(participants.userId, team.users.write.id));
    expectProblem(await call("PATCH", `/api/v1/project/${team.projectId}/issue`, { cookie: team.cookies.write, body: [{ guid: task, sort: 3 }] }), 403, "project_forbidden");
  });

  it("answers 401 once the account is deleted", async () => {
    const { team, task } = await teamWithTask();
    const user = await signedIn();
    await db().delete(users).where(eq(users.id, user.id));
    expectProblem(await call("GET", `/api/v1/project/${team.projectId}/issue/${task}`, { cookie: user.cookie }), 401, "unauthorized");
  });
});
