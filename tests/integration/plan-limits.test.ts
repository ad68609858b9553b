import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GRACE_MS } from "../../domain/billing/plans";
import { invites, licences, rateLimits } from "../../workers/db/schema";
import { limitsFor } from "../../workers/services/plan-limits";
import { call } from "../fixtures/http";
import { createMeeting, joinMeeting, openMeeting } from "../fixtures/meetings";
import { buildTeam } from "../fixtures/projects";
import { PNG } from "../fixtures/images";
import { buy, notify, tinyPlan } from "../fixtures/payments";
import { base, newTask } from "../fixtures/tasks";
import { db, signedIn, uniqueEmail } from "../fixtures/users";

async function newProject(cookie: string, name = "Limited") {
  return call("POST", "/api/v1/project", { cookie, body: { name } });
}

describe("plan limits", () => {
  it("reads Free for an account without a licence and the plan of a current licence", async () => {
    const me = await signedIn();
    expect(await limitsFor(db(), me.id)).toMatchObject({ typeLicense: "free", expiresAt: null, limits: { projects: 10, participants: 50, meeting_size: 4 } });
    await tinyPlan(me.id, { projects: 1 });
    expect((await limitsFor(db(), me.id)).limits.projects).toBe(1);
    // Just ended: the plan is kept through its grace period, then Free.
    await db().update(licences).set({ expiresAt: Date.now() - 1 }).where(eq(licences.userId, me.id));
    expect((await limitsFor(db(), me.id)).limits.projects).toBe(1);
    await db().update(licences).set({ expiresAt: Date.now() - GRACE_MS }).where(eq(licences.userId, me.id));
    expect((await limitsFor(db(), me.id)).typeLicense).toBe("free");
  });

  it("refuses a project beyond the plan with a translated error pointing to /price, and lifts it once a bigger plan is paid", async () => {
    const me = await signedIn();
    await tinyPlan(me.id, { projects: 1 });
    expect((await newProject(me.cookie)).status).toBe(201);
    const refused = await call("POST", "/api/v1/project", { cookie: me.cookie, body: { name: "One too many" }, headers: { "Accept-Language": "de" } });
    expect([refused.status, refused.json.code]).toEqual([403, "plan_limit_projects"]);
    expect(refused.json.detail).toContain("/price");
    expect(refused.json.detail).toMatch(/Tarif/);
    expect(refused.headers.get("Link")).toBe('</price>; rel="payment"');
    expect((await call("GET", "/api/v1/project", { cookie: me.cookie })).json).toHaveLength(1);
    const bought = await buy(me.cookie);
    await notify(bought.json.guid, "payment.paid");
    expect((await newProject(me.cookie, "Now allowed")).status).toBe(201);
  });

  it("refuses inviting more people than the project owner's plan seats, and accepting into a full project", async () => {
    const owner = await signedIn();
    const project = (await newProject(owner.cookie)).json.guid as string;
    const invitee = await signedIn();
    const ok = await call("POST", `${base(project)}/invite`, { cookie: owner.cookie, body: [{ email: invitee.email, value: "member" }] });
    expect(ok.status, ok.text).toBe(201);
    await tinyPlan(owner.id, { participants: 1 });
    const refused = await call("POST", `${base(project)}/invite`, { cookie: owner.cookie, body: [{ email: uniqueEmail("more"), value: "member" }] });
    expect([refused.status, refused.json.code]).toEqual([403, "plan_limit_participants"]);
    const pending = await db().select().from(invites).where(eq(invites.projectId, project)).all();
    expect(pending).toHaveLength(1);
    const accept = await call("PUT", `/api/v1/project/invited/${pending[0]!.id}`, { cookie: invitee.cookie, body: { successfully: true } });
    expect([accept.status, accept.json.code]).toEqual([403, "plan_limit_participants"]);
    expect((await db().select().from(invites).where(eq(invites.id, pending[0]!.id)).get())!.status).toBe("pending");
  });

  it("refuses an upload beyond the plan's storage", async () => {
    const owner = await signedIn();
    const project = (await newProject(owner.cookie)).json.guid as string;
    const task = await newTask(project, owner.cookie);
    await tinyPlan(owner.id, { storage: PNG.byteLength + 10 });
    const upload = () => {
      const form = new FormData();
      form.append("entity_kind", "issue");
      form.append("entity_guid", task.guid);
      form.append("file", new File([PNG as BlobPart], "pixel.png", { type: "image/png" }));
      return call("POST", `${base(project)}/entity-file`, { cookie: owner.cookie, form });
    };
    expect((await upload()).status).toBe(201);
    const refused = await upload();
    expect([refused.status, refused.json.code]).toEqual([403, "plan_limit_storage_bytes"]);
  });
});

describe("limits the features of the other issues read from the plan", () => {
  it("gives the AI helper the plan's hourly allowance and refuses past it with 429", async () => {
    const team = await buildTeam();
    await tinyPlan(team.users.root.id);
    const status = await call("GET", `/api/v1/project/${team.projectId}/ai`, { cookie: team.cookies.root });
    expect(status.json.hourly_limit).toBe(1);
    // A Free account keeps Free's allowance (20 an hour).
    expect((await call("GET", `/api/v1/project/${team.projectId}/ai`, { cookie: team.cookies.write })).json.hourly_limit).toBe(20);
    await db().insert(rateLimits).values({ key: `ai:${team.users.root.id}`, windowStart: Date.now(), count: 1 });
    const refused = await call("POST", `/api/v1/project/${team.projectId}/ai/diagram`, { cookie: team.cookies.root, body: { run: crypto.randomUUID(), prompt: "Login flow" } });
    expect([refused.status, refused.json.code]).toEqual([429, "ai_rate_limited"]);
    // Within the Free allowance the writer is answered.
    expect((await call("POST", `/api/v1/project/${team.projectId}/ai/diagram`, { cookie: team.cookies.write, body: { run: crypto.randomUUID(), prompt: "Login flow" } })).status).toBe(200);
  });

  it("lets a meeting hold as many people as the project owner's plan allows", async () => {
    const team = await buildTeam();
    await tinyPlan(team.users.root.id); // two people per meeting
    const made = await createMeeting(team.projectId, team.cookies.write, { name: "Small" });
    expect(made.status, made.text).toBe(201);
    const room = made.json.guid as string;
    const sockets = [];
    for (const actor of ["write", "read"] as const) {
      expect((await joinMeeting(room, team.cookies[actor])).status).toBe(200);
      const socket = await openMeeting(room, team.cookies[actor]);
      await socket.frame("welcome");
      sockets.push(socket);
    }
    // One's own second tab is not a new person.
    expect((await joinMeeting(room, team.cookies.write)).status).toBe(200);
    const full = await joinMeeting(room, team.cookies.root);
    expect([full.status, full.json.code, full.headers.get("Link")]).toEqual([403, "plan_limit_meeting_size", '</price>; rel="payment"']);
    sockets[1]!.close();
    await expect.poll(async () => (await joinMeeting(room, team.cookies.root)).status).toBe(200);
    sockets[0]!.close();
  });
});
