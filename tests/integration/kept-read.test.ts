// The session-and-access reads every project call starts with are built once (workers/db/kept-read.ts):
// what they answer must be exactly what drizzle's own queries answer, on real D1 rows.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { projects, sessions } from "../../workers/db/schema";
import { participantQuery, projectQuery, userWithAccessRows } from "../../workers/services/access";
import { sessionTimesQuery, sessionUserQuery, tokenHash, userForToken } from "../../workers/services/sessions";
import { buildTeam } from "../fixtures/projects";
import { db } from "../fixtures/users";

const config = { SESSION_IDLE_DAYS: "30" };
const tokenOf = (cookie: string | undefined) => cookie!.replace(/^sid=/, "");

describe("the session and access reads kept by the isolate", () => {
  it("answer each kind of participant's rows as drizzle's queries do, booleans, times and nulls decoded alike", async () => {
    const team = await buildTeam();
    // Null, a true boolean and a set text on the project, so every decoding is compared.
    await db().update(projects).set({ slug: null, hidden: true, sstime: "09:00" }).where(eq(projects.id, team.projectId));
    for (const actor of ["root", "write", "read", "unverified", "outsider"] as const) {
      const token = tokenOf(team.cookies[actor]);
      const hash = (await tokenHash(token))!;
      const kept = await userWithAccessRows(db(), token, team.projectId, config);
      const user = await sessionUserQuery(db(), hash).get();
      const times = await sessionTimesQuery(db(), hash).get();
      const participant = await participantQuery(db(), user!.id, team.projectId).get();
      const project = await projectQuery(db(), team.projectId).get();
      expect(times, actor).toBeDefined();
      expect(kept?.user, actor).toEqual(user);
      expect(kept?.rows, actor).toEqual({ projectId: team.projectId, userId: user!.id, row: participant ? { participant, project } : undefined });
    }
  });

  it("answer every signed-in request's session (no project named) with the user drizzle's query reads", async () => {
    const team = await buildTeam();
    for (const actor of ["root", "write", "read", "unverified", "outsider"] as const) {
      const token = tokenOf(team.cookies[actor]);
      const hash = (await tokenHash(token))!;
      expect(await userForToken(db(), token, config), actor).toEqual({ user: await sessionUserQuery(db(), hash).get(), hash });
    }
    expect(await userForToken(db(), "no-such-token", config)).toBeUndefined();
    const token = tokenOf(team.cookies.read);
    const hash = (await tokenHash(token))!;
    await db().update(sessions).set({ expiresAt: Date.now() - 1 }).where(eq(sessions.tokenHash, hash));
    expect(await userForToken(db(), token, config)).toBeUndefined();
    expect(await sessionTimesQuery(db(), hash).get()).toBeUndefined();
  });

  it("answer nothing for a token with no session, and the session's user without rows on a project that is not there", async () => {
    const team = await buildTeam();
    expect(await userWithAccessRows(db(), "no-such-token", team.projectId, config)).toBeUndefined();
    const token = tokenOf(team.cookies.root);
    const elsewhere = await userWithAccessRows(db(), token, "00000000-0000-4000-8000-000000000000", config);
    expect(elsewhere?.user.id).toBe(team.users.root.id);
    expect(elsewhere?.rows.row).toBeUndefined();
  });

  it("still ends an expired session (it is deleted and answers nothing)", async () => {
    const team = await buildTeam();
    const token = tokenOf(team.cookies.write);
    const hash = (await tokenHash(token))!;
    await db().update(sessions).set({ expiresAt: Date.now() - 1 }).where(eq(sessions.tokenHash, hash));
    expect(await userWithAccessRows(db(), token, team.projectId, config)).toBeUndefined();
    expect(await sessionTimesQuery(db(), hash).get()).toBeUndefined();
  });
});
