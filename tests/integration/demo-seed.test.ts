import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activity, fieldDefinitions, fieldValues, participants, projects, rooms, sprints, tasks, users } from "../../workers/db/schema";
import { DEMO_PROJECT_ID, DEMO_USER_ID } from "../../workers/services/demo";
import { createSession } from "../../workers/services/sessions";
import { call } from "../fixtures/http";
import { db } from "../fixtures/users";

/** Signs the demo user in through a session row, as the API would. */
async function demoCookie() {
  const session = await createSession(db(), DEMO_USER_ID, null);
  return `sid=${session.token}`;
}

describe("the demo plan", () => {
  it("fills the demo project once with a backlog, three sprints, two epics and sixty tasks", async () => {
    await db().insert(users).values({ id: DEMO_USER_ID, email: "demo-seed@example.com", name: "Demo" }).onConflictDoNothing();
    await db().insert(projects).values({ id: DEMO_PROJECT_ID, name: "Demo project", ownerId: DEMO_USER_ID }).onConflictDoNothing();
    await db().insert(participants).values({ id: crypto.randomUUID(), projectId: DEMO_PROJECT_ID, userId: DEMO_USER_ID, root: true, write: true, read: true }).onConflictDoNothing();
    const first = await call("POST", "/api/dev/seed", { headers: { "Accept-Language": "en" } });
    expect(first.status).toBe(200);
    expect(first.json.created).toBe(60);
    const sprintRows = await db().select().from(sprints).where(eq(sprints.projectId, DEMO_PROJECT_ID));
    expect(sprintRows.filter((s) => s.isBacklog)).toHaveLength(1);
    expect(sprintRows.filter((s) => !s.isBacklog).map((s) => s.title).sort()).toEqual(["Sprint 1", "Sprint 2", "Sprint 3"]);
    expect(await db().select().from(tasks).where(eq(tasks.projectId, DEMO_PROJECT_ID))).toHaveLength(60);
    // Estimates and dates for lane totals and the roadmap; a past for the active sprint's burndown.
    const history = await db().select().from(activity).where(eq(activity.projectId, DEMO_PROJECT_ID));
    const finishedOn = history.filter((r) => r.entityKind === "issue" && r.action === "updated").map((r) => new Date(r.createdAt).toISOString().slice(0, 10));
    expect(new Set(finishedOn).size).toBe(3);
    expect(finishedOn.every((d) => d < new Date().toISOString().slice(0, 10))).toBe(true);
    const values = await db().select().from(fieldValues).where(eq(fieldValues.projectId, DEMO_PROJECT_ID));
    const bySlug = async (slug: string) => {
      const field = await db().select().from(fieldDefinitions).where(and(eq(fieldDefinitions.projectId, DEMO_PROJECT_ID), eq(fieldDefinitions.slug, slug))).get();
      return values.filter((v) => v.fieldId === field!.id);
    };
    expect((await bySlug("estimate")).length).toBeGreaterThan(45);
    // The active sprint's burndown starts high and falls on the days tasks were finished.
    const stats = await db().select().from(tasks).where(eq(tasks.projectId, DEMO_PROJECT_ID));
    expect(stats.every((row) => row.createdAt < Date.now() - 8 * 86_400_000)).toBe(true);
    expect((await bySlug("start_date")).length).toBeGreaterThanOrEqual(38);
    // A poker room with the unestimated backlog queued and a retro with notes, to try at once.
    const roomRows = await db().select().from(rooms).where(eq(rooms.projectId, DEMO_PROJECT_ID));
    expect(roomRows.map((r) => r.kind).sort()).toEqual(["poker", "retro"]);
    const cookie = await demoCookie();
    const poker = roomRows.find((r) => r.kind === "poker")!;
    const queue = await call("GET", `/api/v1/rooms/${poker.id}/issues`, { cookie });
    expect(queue.json.results.length).toBeGreaterThan(3);
    expect(queue.json.results[0].current).toBe(true);
    const second = await call("POST", "/api/dev/seed", {});
    expect(second.json.created).toBe(0);
    expect(await db().select().from(tasks).where(eq(tasks.projectId, DEMO_PROJECT_ID))).toHaveLength(60);
    // Sixty tasks through the whole field engine: seconds on a busy two-core machine.
  }, 30_000);
});
