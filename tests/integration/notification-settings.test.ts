import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mails, notifications } from "../../workers/db/schema";
import { call } from "../fixtures/http";
import { ACTORS, type Actor, buildTeam } from "../fixtures/projects";
import { db } from "../fixtures/users";

describe("project notification preferences", () => {
  it("starts from the defaults, saves the participant's own choice and answers malformed bodies with 400", async () => {
    const team = await buildTeam();
    const path = `/api/v1/project/${team.projectId}/notifications`;
    const initial = await call("GET", path, { cookie: team.cookies.write });
    expect(initial.json).toEqual({ in_app: ["invite_accepted", "access_changed", "assigned", "mentioned"], email: ["assigned", "mentioned"] });
    const saved = await call("PUT", path, { cookie: team.cookies.write, body: { in_app: ["mentioned", "mentioned"], email: [] } });
    expect(saved.json).toEqual({ in_app: ["mentioned"], email: [] });
    expect((await call("GET", path, { cookie: team.cookies.write })).json).toEqual({ in_app: ["mentioned"], email: [] });
    // Someone else's preferences are untouched.
    expect((await call("GET", path, { cookie: team.cookies.read })).json.in_app).toHaveLength(4);
    expect((await call("PUT", path, { cookie: team.cookies.write, body: { in_app: ["spam"], email: [] } })).status).toBe(400);
    expect((await call("PUT", path, { cookie: team.cookies.write, body: { in_app: [] } })).status).toBe(400);
    const expected: Record<Actor, number> = { root: 200, write: 200, read: 200, unverified: 403, outsider: 403, guest: 401 };
    for (const actor of ACTORS) expect((await call("GET", path, { cookie: team.cookies[actor] })).status, actor).toBe(expected[actor]);
  });

  it("keeps muted kinds out of the app and mails the kinds chosen for e-mail", async () => {
    const team = await buildTeam();
    const path = `/api/v1/project/${team.projectId}/notifications`;
    const access = `/api/v1/project/${team.projectId}/access/${team.users.read.accessGuid}`;
    const readUser = team.users.read;
    await call("PUT", path, { cookie: team.cookies.read, body: { in_app: [], email: ["access_changed"] } });
    await call("PUT", access, { cookie: team.cookies.root, body: { write: true } });
    const stored = await db().select().from(notifications).where(eq(notifications.userId, readUser.id));
    expect(stored.filter((n) => n.kind === "access_changed")).toHaveLength(0);
    const mailed = await db().select().from(mails).where(eq(mails.to, readUser.email));
    expect(mailed.length).toBe(1);
    await call("PUT", path, { cookie: team.cookies.read, body: { in_app: ["access_changed"], email: [] } });
    await call("PUT", access, { cookie: team.cookies.root, body: { write: false } });
    const after = await db().select().from(notifications).where(eq(notifications.userId, readUser.id));
    expect(after.filter((n) => n.kind === "access_changed")).toHaveLength(1);
    expect(await db().select().from(mails).where(eq(mails.to, readUser.email))).toHaveLength(1);
  });
});
