import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { invites, mails, participants, projects } from "../../workers/db/schema";
import { call } from "../fixtures/http";
import { ACTORS, type Actor, accessRow, buildTeam, type Team } from "../fixtures/projects";
import { db, signedIn, uniqueEmail } from "../fixtures/users";

/** Who may do what (spec §6 and docs/decisions.md "Roles"). */
type Expect = Partial<Record<Actor, number>>;
const READ: Expect = { root: 200, write: 200, read: 200, unverified: 403, outsider: 403, guest: 401 };
const ROOT_ONLY = (ok: number): Expect => ({ root: ok, write: 403, read: 403, unverified: 403, outsider: 403, guest: 401 });

describe("project authorization matrix", () => {
  let team: Team;
  beforeAll(async () => {
    team = await buildTeam();
  });

  const cases: { name: string; expect: Expect; run: (t: Team, cookie: string | undefined) => Promise<{ status: number }> }[] = [
    { name: "GET /project/{id}", expect: READ, run: (t, cookie) => call("GET", `/api/v1/project/${t.projectId}`, { cookie }) },
    {
      name: "PUT /project/{id} renaming",
      expect: ROOT_ONLY(200),
      run: (t, cookie) => call("PUT", `/api/v1/project/${t.projectId}`, { cookie, body: { name: "Renamed" } }),
    },
    {
      name: "PUT /project/{id} own sort",
      expect: READ,
      run: (t, cookie) => call("PUT", `/api/v1/project/${t.projectId}`, { cookie, body: { sort: 3 } }),
    },
    { name: "GET /project/{id}/invite", expect: ROOT_ONLY(200), run: (t, cookie) => call("GET", `/api/v1/project/${t.projectId}/invite`, { cookie }) },
    {
      name: "POST /project/{id}/invite",
      expect: ROOT_ONLY(201),
      run: (t, cookie) => call("POST", `/api/v1/project/${t.projectId}/invite`, { cookie, body: [{ email: uniqueEmail("inv"), value: "member" }] }),
    },
    {
      name: "PUT /project/{id}/access/{read participant}",
      expect: ROOT_ONLY(200),
      run: (t, cookie) => call("PUT", `/api/v1/project/${t.projectId}/access/${t.users.read.accessGuid}`, { cookie, body: { read: true } }),
    },
  ];

  for (const c of cases) {
    for (const actor of ACTORS) {
      const expected = c.expect[actor];
      it(`${c.name} answers ${expected} to ${actor}`, async () => {
        const res = await c.run(team, team.cookies[actor]);
        expect(res.status).toBe(expected);
      });
    }
  }

  it("leaves the project unchanged when a non-root tries to rename it", async () => {
    for (const actor of ["write", "read", "unverified", "outsider"] as const) {
      await call("PUT", `/api/v1/project/${team.projectId}`, { cookie: team.cookies[actor], body: { name: `hacked by ${actor}` } });
    }
    const row = await db().select().from(projects).where(eq(projects.id, team.projectId)).get();
    expect(row!.name).not.toMatch(/hacked/);
  });

  it("lets only a root remove someone else, and anyone leave", async () => {
    const t = await buildTeam();
    for (const actor of ["read", "unverified", "outsider", "write"] as const) {
      const res = await call("DELETE", `/api/v1/project/${t.projectId}/access/${t.users.write.accessGuid}`, { cookie: t.cookies[actor] });
      expect(res.status, actor).toBe(actor === "write" ? 204 : 403);
    }
    expect(await accessRow(t.users.write.accessGuid!)).toBeUndefined();
    const removed = await call("DELETE", `/api/v1/project/${t.projectId}/access/${t.users.read.accessGuid}`, { cookie: t.cookies.root });
    expect(removed.status).toBe(204);
    const guest = await call("DELETE", `/api/v1/project/${t.projectId}/access/${t.users.unverified.accessGuid}`, {});
    expect(guest.status).toBe(401);
  });

  it("lets only a root change or withdraw an invitation", async () => {
    const t = await buildTeam();
    const sent = await call("POST", `/api/v1/project/${t.projectId}/invite`, { cookie: t.cookies.root, body: [{ email: uniqueEmail("pending"), value: "viewer" }] });
    const path = `/api/v1/project/${t.projectId}/invite/${sent.json[0].guid}`;
    for (const actor of ["write", "read", "unverified", "outsider", "guest"] as const) {
      const expected = actor === "guest" ? 401 : 403;
      expect((await call("PUT", path, { cookie: t.cookies[actor], body: { value: "admin" } })).status, actor).toBe(expected);
      expect((await call("DELETE", path, { cookie: t.cookies[actor] })).status, actor).toBe(expected);
    }
    const row = await db().select().from(invites).where(eq(invites.id, sent.json[0].guid)).get();
    expect(row).toMatchObject({ role: "viewer", status: "pending" });
    expect((await call("PUT", path, { cookie: t.cookies.root, body: { value: "admin" } })).status).toBe(200);
    expect((await call("DELETE", path, { cookie: t.cookies.root })).status).toBe(204);
  });

  it("never changes or removes the owner's access", async () => {
    const t = await buildTeam();
    const change = await call("PUT", `/api/v1/project/${t.projectId}/access/${t.users.root.accessGuid}`, { cookie: t.cookies.root, body: { root: false } });
    expect(change.status).toBe(403);
    const remove = await call("DELETE", `/api/v1/project/${t.projectId}/access/${t.users.root.accessGuid}`, { cookie: t.cookies.root });
    expect(remove.status).toBe(403);
    expect((await accessRow(t.users.root.accessGuid!))!.root).toBe(true);
  });

  it("answers 403 for a project that does not exist, like for one that is not yours", async () => {
    const res = await call("GET", `/api/v1/project/${crypto.randomUUID()}`, { cookie: team.cookies.root });
    expect(res.status).toBe(403);
    expect(res.json.code).toBe("project_forbidden");
  });
});

describe("projects", () => {
  it("creates a project whose creator is its root and lists it", async () => {
    const me = await signedIn();
    const created = await call("POST", "/api/v1/project", { cookie: me.cookie, body: { name: "  Apollo ", description: "Moon" } });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({ name: "Apollo", description: "Moon", access: { root: true, write: true, read: true, is_verifications: true, role: "owner" } });
    expect(created.json.participants.results).toHaveLength(1);
    const list = await call("GET", "/api/v1/project", { cookie: me.cookie });
    expect(list.json.map((p: { guid: string }) => p.guid)).toContain(created.json.guid);
  });

  it("refuses a project without a name with a readable message", async () => {
    const me = await signedIn();
    const res = await call("POST", "/api/v1/project", { cookie: me.cookie, body: { name: "   " }, headers: { "Accept-Language": "en" } });
    expect(res.status).toBe(400);
    expect(res.json.detail).toBe("Enter a project name.");
    const bad = await call("POST", "/api/v1/project", { cookie: me.cookie, raw: "{nope" });
    expect(bad.status).toBe(400);
  });

  it("updates every project field of the contract and keeps wrong types out", async () => {
    const me = await signedIn();
    const { json } = await call("POST", "/api/v1/project", { cookie: me.cookie, body: { name: "P" } });
    const res = await call("PUT", `/api/v1/project/${json.guid}`, {
      cookie: me.cookie,
      body: { name: "Q", description: "d", sstime: "09:00", hidden: true, archive: true, sort: 5, slug: "q-1" },
    });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ name: "Q", description: "d", sstime: "09:00", hidden: true, archive: true, sort: 5, slug: "q-1" });
    const wrong = await call("PUT", `/api/v1/project/${json.guid}`, { cookie: me.cookie, body: { hidden: "yes" } });
    expect(wrong.status).toBe(400);
    const unknown = await call("PUT", `/api/v1/project/${json.guid}`, { cookie: me.cookie, body: { owner_id: "x" } });
    expect(unknown.status).toBe(400);
  });
});

describe("invitations", () => {
  it("invites an address, mails a link, and the invitee accepts into the invited role", async () => {
    const owner = await signedIn();
    const invitee = await signedIn();
    const { json: project } = await call("POST", "/api/v1/project", { cookie: owner.cookie, body: { name: "Invites" } });
    const sent = await call("POST", `/api/v1/project/${project.guid}/invite`, { cookie: owner.cookie, body: [{ email: invitee.email.toUpperCase(), value: "viewer" }] });
    expect(sent.status).toBe(201);
    expect(sent.json[0]).toMatchObject({ email: invitee.email, value: "viewer", project: { guid: project.guid } });
    const mail = await db().select().from(mails).where(eq(mails.to, invitee.email)).get();
    expect(mail!.text).toMatch(/\/invite\/[A-Za-z0-9_-]{20,}/);

    const mine = await call("GET", "/api/v1/project/invited", { cookie: invitee.cookie });
    expect(mine.json.map((i: { guid: string }) => i.guid)).toEqual([sent.json[0].guid]);
    const accepted = await call("PUT", `/api/v1/project/invited/${sent.json[0].guid}`, { cookie: invitee.cookie, body: { successfully: true } });
    expect(accepted.status).toBe(200);
    const seen = await call("GET", `/api/v1/project/${project.guid}`, { cookie: invitee.cookie });
    expect(seen.json.access).toMatchObject({ root: false, write: false, read: true, is_verifications: true, role: "viewer" });
    const again = await call("PUT", `/api/v1/project/invited/${sent.json[0].guid}`, { cookie: invitee.cookie, body: { successfully: true } });
    expect(again.status).toBe(404);
  });

  it("does not let someone else answer an invitation", async () => {
    const owner = await signedIn();
    const stranger = await signedIn();
    const { json: project } = await call("POST", "/api/v1/project", { cookie: owner.cookie, body: { name: "Mine" } });
    const sent = await call("POST", `/api/v1/project/${project.guid}/invite`, { cookie: owner.cookie, body: [{ email: uniqueEmail(), value: "admin" }] });
    const res = await call("PUT", `/api/v1/project/invited/${sent.json[0].guid}`, { cookie: stranger.cookie, body: { successfully: true } });
    expect(res.status).toBe(404);
    const rows = await db().select().from(participants).where(eq(participants.projectId, project.guid));
    expect(rows).toHaveLength(1);
  });

  it("changes the role of a pending invitation and withdraws it", async () => {
    const owner = await signedIn();
    const { json: project } = await call("POST", "/api/v1/project", { cookie: owner.cookie, body: { name: "Roles" } });
    const sent = await call("POST", `/api/v1/project/${project.guid}/invite`, { cookie: owner.cookie, body: [{ email: uniqueEmail(), value: "viewer" }] });
    const guid = sent.json[0].guid;
    const changed = await call("PUT", `/api/v1/project/${project.guid}/invite/${guid}`, { cookie: owner.cookie, body: { value: "admin" } });
    expect(changed.json[0].value).toBe("admin");
    const badRole = await call("PUT", `/api/v1/project/${project.guid}/invite/${guid}`, { cookie: owner.cookie, body: { value: "god" } });
    expect(badRole.status).toBe(400);
    const removed = await call("DELETE", `/api/v1/project/${project.guid}/invite/${guid}`, { cookie: owner.cookie });
    expect(removed.status).toBe(204);
    expect(await db().select().from(invites).where(eq(invites.id, guid)).get()).toBeUndefined();
  });

  it("refuses malformed invitation bodies without creating anything", async () => {
    const owner = await signedIn();
    const { json: project } = await call("POST", "/api/v1/project", { cookie: owner.cookie, body: { name: "Bad" } });
    for (const body of [[], [{ email: "nope", value: "member" }], { email: uniqueEmail(), value: "member" }, [{ email: uniqueEmail(), value: "owner" }]]) {
      const res = await call("POST", `/api/v1/project/${project.guid}/invite`, { cookie: owner.cookie, body });
      expect(res.status).toBe(400);
    }
    expect(await db().select().from(invites).where(eq(invites.projectId, project.guid))).toHaveLength(0);
  });

  it("lets someone without an account register from the invitation link", async () => {
    const owner = await signedIn();
    const email = uniqueEmail("newcomer");
    const { json: project } = await call("POST", "/api/v1/project", { cookie: owner.cookie, body: { name: "Welcome" } });
    await call("POST", `/api/v1/project/${project.guid}/invite`, { cookie: owner.cookie, body: [{ email, value: "member" }] });
    const mail = await db().select().from(mails).where(eq(mails.to, email)).get();
    const link = mail!.text.match(/\/invite\/([A-Za-z0-9_-]+)/)![1];
    const short = await call("POST", `/api/v1/invite/${link}/register`, { body: { name: "New", newpass: "short", repeatnewpass: "short" } });
    expect(short.status).toBe(400);
    const res = await call("POST", `/api/v1/invite/${link}/register`, { body: { name: "New", newpass: "long-enough-1", repeatnewpass: "long-enough-1" } });
    expect(res.status).toBe(200);
    const cookie = res.headers.get("Set-Cookie")!.match(/sid=[^;]+/)![0];
    const seen = await call("GET", `/api/v1/project/${project.guid}`, { cookie });
    expect(seen.json.access.role).toBe("member");
    const reuse = await call("POST", `/api/v1/invite/${link}/register`, { body: { name: "X", newpass: "long-enough-1", repeatnewpass: "long-enough-1" } });
    expect(reuse.status).toBe(400);
  });
});

describe("notifications", () => {
  it("stores a notification for an invited user, lists, deletes one and clears all with invites", async () => {
    const owner = await signedIn();
    const invitee = await signedIn();
    const { json: project } = await call("POST", "/api/v1/project", { cookie: owner.cookie, body: { name: "Notes" } });
    await call("POST", `/api/v1/project/${project.guid}/invite`, { cookie: owner.cookie, body: [{ email: invitee.email, value: "member" }] });
    const list = await call("GET", "/api/v1/my-notifications?limit=5", { cookie: invitee.cookie });
    expect(list.status).toBe(200);
    expect(list.json[0]).toMatchObject({ kind: "invited", project: project.guid, read: false });
    expect((await call("GET", "/api/v1/my-notifications?limit=0", { cookie: invitee.cookie })).status).toBe(400);
    expect((await call("GET", "/api/v1/my-notifications?limit=abc", { cookie: invitee.cookie })).status).toBe(400);
    expect((await call("DELETE", `/api/v1/my-notification/${crypto.randomUUID()}`, { cookie: invitee.cookie })).status).toBe(404);
    // Someone else's notification cannot be deleted.
    expect((await call("DELETE", `/api/v1/my-notification/${list.json[0].id}`, { cookie: owner.cookie })).status).toBe(404);
    expect((await call("DELETE", `/api/v1/my-notification/${list.json[0].id}`, { cookie: invitee.cookie })).status).toBe(204);
    await call("POST", `/api/v1/project/${project.guid}/invite`, { cookie: owner.cookie, body: [{ email: invitee.email, value: "viewer" }] });
    expect((await call("GET", "/api/v1/project/invited", { cookie: invitee.cookie })).json).toHaveLength(1);
    expect((await call("DELETE", "/api/v1/my-notifications", { cookie: invitee.cookie })).status).toBe(204);
    expect((await call("GET", "/api/v1/my-notifications", { cookie: invitee.cookie })).json).toHaveLength(0);
    expect((await call("GET", "/api/v1/project/invited", { cookie: invitee.cookie })).json).toHaveLength(0);
    expect((await call("GET", "/api/v1/my-notifications", {})).status).toBe(401);
  });
});
