/**
 * The demo workspace's plan: sprints, epics and tasks in the demo project, made through the
 * same services as the API so every value is a real field value. The account and project rows
 * come from scripts/seed.mjs; this fills the project once (idempotent: nothing happens when it
 * already has tasks).
 */
import { and, eq } from "drizzle-orm";
import type { TFunction } from "i18next";
import type { Db } from "../db/client";
import type { Env } from "../env";
import { activity, fieldDefinitions, projects, tasks, users } from "../db/schema";
import { ensureSystemFields, optionsOf } from "./field-definitions";
import type { ValueInput } from "./field-values";
import { recordActivity } from "./activity";
import { createRoom, roomStub } from "./rooms";
import { createSprint, ensureBacklog, updateSprint } from "./sprints";
import { createTask } from "./tasks";

export const DEMO_PROJECT_ID = "00000000-0000-4000-8000-000000000002";
export const DEMO_USER_ID = "00000000-0000-4000-8000-000000000001";

const EPICS = ["Onboarding revamp", "Mobile offline mode"];
const TITLES = [
  "Sign-up form validation",
  "Password reset e-mail copy",
  "Invite teammates step",
  "Empty state for new projects",
  "Offline queue for edits",
  "Conflict resolution dialog",
  "Sync indicator in header",
  "Retry failed uploads",
  "Keyboard shortcuts help",
  "Dark theme contrast audit",
  "Board drag performance",
  "Sprint burndown chart",
  "Export table to CSV",
  "Roadmap zoom controls",
  "Poker deck editor",
  "Retro timer sound",
  "Mentions in comments",
  "Attachment previews",
  "Search by task number",
  "Saved filter sharing",
];

const POINTS = [1, 2, 3, 5, 8, 3, 2, 5, 13, 1];

/**
 * Gives the active sprint a past: every task existed before the sprint began, and the finished
 * ones were finished on different days of it, so the burndown has a shape to show.
 */
async function backdateHistory(db: Db, statusField: string, from: string, to: string, finished: string[], day: (offset: number) => string) {
  const at = (offset: number) => Date.parse(`${day(offset)}T12:00:00Z`);
  await db.update(activity).set({ createdAt: at(-9) }).where(and(eq(activity.projectId, DEMO_PROJECT_ID), eq(activity.action, "created")));
  await db.update(tasks).set({ createdAt: at(-9), updatedAt: at(-9) }).where(eq(tasks.projectId, DEMO_PROJECT_ID));
  await recordActivity(
    db,
    finished.map((id, i) => ({
      projectId: DEMO_PROJECT_ID,
      actorId: DEMO_USER_ID,
      entityKind: "issue" as const,
      entityId: id,
      action: "updated",
      detail: { changes: [{ field: statusField, slug: "status", from, to }] },
      createdAt: at(-6 + i * 2),
    })),
  );
}

/** Fills the demo project with three sprints, two epics and sixty tasks. */
export async function seedDemoPlan(env: Env, db: Db, t: TFunction): Promise<{ created: number }> {
  const project = await db.select().from(projects).where(eq(projects.id, DEMO_PROJECT_ID)).get();
  if (!project) return { created: 0 };
  const existing = await db.select({ id: tasks.id }).from(tasks).where(eq(tasks.projectId, DEMO_PROJECT_ID)).limit(1);
  if (existing.length > 0) return { created: 0 };

  await ensureSystemFields(db, DEMO_PROJECT_ID, t);
  await ensureBacklog(db, DEMO_PROJECT_ID);
  const fields = await db.select().from(fieldDefinitions).where(eq(fieldDefinitions.projectId, DEMO_PROJECT_ID));
  const bySlug = (slug: string) => fields.find((f) => f.slug === slug)!;
  const option = (slug: string, key: string) => optionsOf(bySlug(slug)).find((o) => o.key === key)!.guid;

  const today = new Date();
  const day = (offset: number) => new Date(today.getTime() + offset * 86_400_000).toISOString().slice(0, 10);
  const sprintRows = [];
  for (const [i, title] of ["Sprint 1", "Sprint 2", "Sprint 3"].entries()) {
    const sprint = await createSprint(db, DEMO_PROJECT_ID, { title, goal: "", start_date: day(i * 14 - 7), end_date: day(i * 14 + 6) }, DEMO_USER_ID);
    if (i === 0) await updateSprint(db, sprint, { status: "active" }, DEMO_USER_ID);
    sprintRows.push(sprint);
  }

  let created = 0;
  const unestimated: { id: string; title: string }[] = [];
  const epicIds: string[] = [];
  for (const title of EPICS) {
    const epic = await createTask(env, db, DEMO_PROJECT_ID, DEMO_USER_ID, [
      { slug: "title", value: title },
      { slug: "issue_type", value: option("issue_type", "epic") },
      { slug: "start_date", value: day(-7) },
      { slug: "end_date", value: day(35) },
    ], t);
    if (epic.ok) {
      epicIds.push(epic.task.guid);
      created += 1;
    }
  }
  const statuses = ["todo", "in_progress", "review", "done"];
  const finished: string[] = [];
  const types = ["task", "task", "story", "bug"];
  for (let i = 0; i < 58; i++) {
    // Backlog gets the first 22, then 12 to each sprint; the active sprint is furthest along.
    const lane = i < 22 ? null : sprintRows[Math.floor((i - 22) / 12)]!;
    const laneIndex = lane ? sprintRows.indexOf(lane) : -1;
    const status = laneIndex === 0 ? statuses[i % 4]! : laneIndex === 1 ? statuses[i % 2]! : "todo";
    const values: ValueInput[] = [
      { slug: "title", value: `${TITLES[i % TITLES.length]}${i >= TITLES.length ? ` (${Math.floor(i / TITLES.length) + 1})` : ""}` },
      { slug: "issue_type", value: option("issue_type", types[i % types.length]!) },
      { slug: "status", value: option("status", status) },
      { slug: "epic", value: epicIds[i % epicIds.length] ?? null },
      { slug: "participants", value: [DEMO_USER_ID] },
    ];
    // Story points on most tasks; a few backlog items are not estimated yet.
    if (lane || i % 3 !== 0) values.push({ slug: "estimate", value: POINTS[i % POINTS.length]! });
    if (lane) {
      // Staggered bars inside the sprint, two to six days long, for the roadmap.
      const offset = (i * 3) % 10;
      const start = new Date(Date.parse(lane.startDate!) + offset * 86_400_000);
      const end = new Date(start.getTime() + (2 + (i % 5)) * 86_400_000);
      const last = lane.endDate! < end.toISOString().slice(0, 10) ? lane.endDate! : end.toISOString().slice(0, 10);
      values.push({ slug: "sprint", value: lane.id }, { slug: "start_date", value: start.toISOString().slice(0, 10) }, { slug: "end_date", value: last });
    }
    const task = await createTask(env, db, DEMO_PROJECT_ID, DEMO_USER_ID, values, t);
    if (!task.ok) continue;
    created += 1;
    if (!values.some((v) => v.slug === "estimate")) unestimated.push({ id: task.task.guid, title: String(values[0]!.value) });
    if (laneIndex === 0 && status === "done") finished.push(task.task.guid);
  }
  await backdateHistory(db, bySlug("status").id, option("status", "in_progress"), option("status", "done"), finished, day);
  await seedDemoRooms(env, db, unestimated);
  return { created };
}

/** A poker room with the backlog's unestimated tasks queued, and a retro of the first sprint with notes. */
async function seedDemoRooms(env: Env, db: Db, unestimated: { id: string; title: string }[]) {
  const owner = await db.select().from(users).where(eq(users.id, DEMO_USER_ID)).get();
  if (!owner) return;
  const poker = await createRoom(env, db, DEMO_PROJECT_ID, owner, { kind: "poker", title: "Backlog refinement", method: "fibonacci" });
  if (poker.ok && unestimated.length > 0) {
    const stub = await roomStub(env, poker.room.id);
    await stub.act(owner.id, { type: "add_issues", issues: unestimated.map((task) => ({ id: task.id, title: task.title, description: "" })) });
    await stub.act(owner.id, { type: "pick", issue: unestimated[0]!.id });
  }
  const retro = await createRoom(env, db, DEMO_PROJECT_ID, owner, { kind: "retro", title: "Sprint 1 retrospective", method: "start_stop_continue" });
  if (retro.ok) {
    const stub = await roomStub(env, retro.room.id);
    for (const [column, text] of [["start", "Pair on the tricky reviews"], ["stop", "Merging on Friday evening"], ["continue", "Short daily stand-ups"]] as const) {
      await stub.act(owner.id, { type: "add_note", column, text });
    }
  }
}
