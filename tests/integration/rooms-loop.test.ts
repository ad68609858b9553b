/**
 * Rooms in the planning loop (issue 16): a retro bound to a sprint opens with its facts and
 * reviews the previous bound retro's actions; action items' tasks link back to their retro;
 * the poker room's calibration strip.
 */
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { activity, fieldValues, retroActionTasks, retroSprints, rooms, sprints } from "../../workers/db/schema";
import type { Env } from "../../workers/env";
import { i18nFor } from "../../workers/services/i18n";
import { taskPage } from "../../workers/services/pages/task";
import { call } from "../fixtures/http";
import { listen } from "../fixtures/live";
import { buildTeam, type Team } from "../fixtures/projects";
import { openRoom } from "../fixtures/rooms";
import { base, fieldsBySlug, newSprint, newTask } from "../fixtures/tasks";
import { db } from "../fixtures/users";

const HOUR = 3_600_000;

async function joinRoom(roomId: string, cookie: string | undefined) {
  const res = await call("POST", `/api/v1/rooms/${roomId}/join`, { cookie, body: {} });
  expect(res.status, res.text).toBe(200);
}

async function retroFor(team: Team, sprint: string | undefined, title: string) {
  const res = await call("POST", `${base(team.projectId)}/rooms`, { cookie: team.cookies.write, body: { kind: "retro", title, method: "start_stop_continue", ...(sprint ? { sprint } : {}) } });
  expect(res.status, res.text).toBe(201);
  return res.json.guid as string;
}

async function setValues(team: Team, task: string, values: unknown[]) {
  const res = await call("PUT", `${base(team.projectId)}/issue/${task}`, { cookie: team.cookies.write, body: { custom_fields: values } });
  expect(res.status, res.text).toBe(200);
}

/** Moves every log entry of the project (or of one entity) back in time, so "after the start" never depends on the clock's millisecond. */
async function backdate(team: Team, ms: number, entity?: string) {
  await db()
    .update(activity)
    .set({ createdAt: Date.now() - ms })
    .where(entity ? and(eq(activity.projectId, team.projectId), eq(activity.entityId, entity)) : eq(activity.projectId, team.projectId));
}

/** Accepts `card` for `task` in a fresh poker room of the writer (the estimate is written into the task). */
async function estimateInPoker(team: Team, task: string, card: string) {
  const created = await call("POST", `${base(team.projectId)}/rooms`, { cookie: team.cookies.write, body: { kind: "poker", title: "Estimation", method: "fibonacci" } });
  const r = `/api/v1/rooms/${created.json.guid}`;
  expect((await call("POST", `${r}/issues`, { cookie: team.cookies.write, body: { tasks: [task] } })).status).toBe(201);
  expect((await call("PUT", `${r}/current_issue`, { cookie: team.cookies.write, body: { issue: task } })).status).toBe(200);
  expect((await call("POST", `${r}/issues/${task}/votes`, { cookie: team.cookies.write, body: { card } })).status).toBe(200);
  expect((await call("POST", `${r}/issues/${task}/votes/flip`, { cookie: team.cookies.write })).status).toBe(200);
  const project = await listen(team.projectId, team.cookies.read!);
  const owner = await openRoom(created.json.guid, team.cookies.write);
  expect(await owner.send({ type: "accept", card })).toEqual({ ok: true });
  await project.waitFor((m) => m.type === "tasks_changed" && m.tasks.includes(task));
}

/** Marks one note per text as an action item and exports them; answers the tasks made. */
async function exportActions(team: Team, roomId: string, texts: string[]) {
  const owner = await openRoom(roomId, team.cookies.write);
  for (const text of texts) expect(await owner.send({ type: "add_note", column: "start", text })).toEqual({ ok: true });
  const notes = (await owner.waitFor((v) => v.notes.length === texts.length)).notes as { id: string }[];
  for (const note of notes) expect(await owner.send({ type: "mark_action", note: note.id, action: true })).toEqual({ ok: true });
  const project = await listen(team.projectId, team.cookies.read!);
  expect(await owner.send({ type: "export_actions" })).toEqual({ ok: true });
  const changed = (await project.waitFor((m) => m.type === "tasks_changed" && m.tasks.length === texts.length)) as { tasks: string[] };
  return changed.tasks;
}

describe("a retro bound to a sprint", () => {
  it("opens with the finished sprint's facts: carried over, added after the start, estimate done vs committed, a poker estimate changed afterwards", async () => {
    const team = await buildTeam();
    const fields = await fieldsBySlug(team.projectId, team.cookies.read);
    const done = fields("status").settings.values_set.find((o) => o.key === "done")!.guid;
    const sprint = await newSprint(team.projectId, team.cookies.write, "Sprint 4");
    const next = await newSprint(team.projectId, team.cookies.write, "Sprint 5");
    const inSprint = (estimate: number) => [{ slug: "sprint", value: sprint }, { slug: "estimate", value: estimate }];
    const login = await newTask(team.projectId, team.cookies.write, "Login", inSprint(3));
    const search = await newTask(team.projectId, team.cookies.write, "Search", inSprint(5));
    const export_ = await newTask(team.projectId, team.cookies.write, "Export", [{ slug: "estimate", value: 2 }]);
    await estimateInPoker(team, search.guid, "5");
    // The sprint ran from two days ago to today (UTC days): its burndown starts before the changes below.
    const day = (ago: number) => new Date(Date.now() - ago * 24 * HOUR).toISOString().slice(0, 10);
    await db().update(sprints).set({ startDate: day(2), endDate: day(0) }).where(eq(sprints.id, sprint));
    await backdate(team, 48 * HOUR);
    expect((await call("PUT", `${base(team.projectId)}/sprint/${sprint}`, { cookie: team.cookies.write, body: { status: "active" } })).status).toBe(200);
    await backdate(team, 47 * HOUR, sprint);
    // After the start: Export joins the sprint, Search is re-estimated, Login is finished.
    await setValues(team, export_.guid, [{ slug: "sprint", value: sprint }, { slug: "status", value: done }]);
    await setValues(team, search.guid, [{ slug: "estimate", value: 8 }]);
    await setValues(team, login.guid, [{ slug: "status", value: done }]);
    const completed = await call("POST", `${base(team.projectId)}/sprint/${sprint}/complete`, { cookie: team.cookies.write, body: { move_to: next } });
    expect(completed.status, completed.text).toBe(200);

    const retro = await retroFor(team, sprint, "Sprint 4 retro");
    await joinRoom(retro, team.cookies.read);
    const res = await call("GET", `/api/v1/rooms/${retro}/facts`, { cookie: team.cookies.read });
    expect(res.status, res.text).toBe(200);
    expect(res.json.sprint).toMatchObject({ guid: sprint, title: "Sprint 4", status: "completed" });
    const numbers = (list: { number: number }[]) => list.map((t) => t.number);
    expect(numbers(res.json.facts.carried_over)).toEqual([search.number]);
    expect(numbers(res.json.facts.added)).toEqual([export_.number]);
    expect(res.json.facts.estimate).toEqual({ committed: 11, added: 2, done: 5, unestimated: 0 });
    expect(res.json.facts.accuracy.estimated).toBe(1);
    expect(res.json.facts.accuracy.changed).toEqual([{ task: expect.objectContaining({ title: "Search", estimate: 8 }), poker: 5, now: 8 }]);
    // Burndown: Login 3 + Search 5 at the end of the first day; just before completion Search (now 8) was left.
    expect(res.json.facts.burndown).toMatchObject({ start: 8, end: 8, ideal_end: 0, days: 3 });
    expect(res.json.facts.burndown.series).toEqual([8, 8, 8]);
    expect(res.json.last_actions).toBeNull();
  });

  it("reviews the previous bound retro's action items with their tasks' status now, and each task links back to its retro", async () => {
    const team = await buildTeam();
    const first = await newSprint(team.projectId, team.cookies.write, "Sprint 1");
    const second = await newSprint(team.projectId, team.cookies.write, "Sprint 2");
    const retro1 = await retroFor(team, first, "Retro one");
    // Rooms are stamped to the second and ties go by guid: make "one" surely the earlier.
    await db().update(rooms).set({ createdAt: Date.now() - 60_000 }).where(eq(rooms.id, retro1));
    const [pairing, docs] = await exportActions(team, retro1, ["Pair on reviews", "Write the runbook"]);
    // Its own facts column lists what its action items became.
    const own = await call("GET", `/api/v1/rooms/${retro1}/facts`, { cookie: team.cookies.write });
    expect(own.json.actions.map((a: { title: string }) => a.title).sort()).toEqual(["Pair on reviews", "Write the runbook"]);

    const fields = await fieldsBySlug(team.projectId, team.cookies.read);
    const done = fields("status").settings.values_set.find((o) => o.key === "done")!;
    await setValues(team, pairing!, [{ slug: "status", value: done.guid }]);
    // An unbound retro made in between is not "last time".
    await retroFor(team, undefined, "Ad-hoc retro");
    const retro2 = await retroFor(team, second, "Retro two");
    const res = await call("GET", `/api/v1/rooms/${retro2}/facts`, { cookie: team.cookies.write });
    expect(res.status, res.text).toBe(200);
    expect(res.json.last_actions.room).toMatchObject({ guid: retro1, title: "Retro one" });
    const items = res.json.last_actions.items as { guid: string; title: string; done: boolean; status: { label: string } | null }[];
    expect(items.map((i) => [i.guid, i.done]).sort()).toEqual([[pairing, true], [docs, false]].sort());
    expect(items.find((i) => i.guid === pairing)!.status?.label).toBe(done.title ?? done.value);

    const page = await taskPage(env as unknown as Env, team.users.read.id, team.projectId, docs!, i18nFor("en").t);
    expect(page.state === "ok" && page.fromRetro).toEqual({ guid: retro1, title: "Retro one", url: `/project/${team.projectId}/room/retro/${retro1}` });
    const plain = await newTask(team.projectId, team.cookies.write, "Plain");
    const other = await taskPage(env as unknown as Env, team.users.read.id, team.projectId, plain.guid, i18nFor("en").t);
    expect(other.state === "ok" && other.fromRetro).toBeNull();
  });

  it("links an action task back even when the first delivery made the task but lost its answer", async () => {
    const team = await buildTeam();
    const retro = await retroFor(team, undefined, "Retro");
    const [task] = await exportActions(team, retro, ["Automate the release"]);
    await db().delete(retroActionTasks).where(eq(retroActionTasks.taskId, task!));
    const { objectHost } = await import("../../workers/object-host");
    const meta = { kind: "retro" as const, project: team.projectId, title: "Retro", owner: team.users.write.id, values: {} };
    expect(await objectHost.deliverActionItem(env as unknown as Env, meta, retro, { note: "n1", task: task!, text: "Automate the release", attempts: 1 })).toEqual({ ok: true, task });
    expect(await db().select().from(retroActionTasks).where(eq(retroActionTasks.taskId, task!))).toEqual([expect.objectContaining({ roomId: retro, note: "n1" })]);
  });

  it("refuses a sprint of another project, the backlog and a sprint on a poker room, with translated errors and nothing made", async () => {
    const team = await buildTeam();
    const other = await buildTeam();
    const foreign = await newSprint(other.projectId, other.cookies.write, "Theirs");
    const mine = await newSprint(team.projectId, team.cookies.write, "Mine");
    const sprints = await call("GET", `${base(team.projectId)}/sprint`, { cookie: team.cookies.read });
    const backlog = (sprints.json.results ?? sprints.json).find((s: { backlog: boolean }) => s.backlog).guid as string;
    const path = `${base(team.projectId)}/rooms`;
    const post = (body: unknown) => call("POST", path, { cookie: team.cookies.write, body, headers: { "Accept-Language": "de" } });
    for (const sprint of [foreign, backlog]) {
      const res = await post({ kind: "retro", title: "Retro", method: "mad_sad_glad", sprint });
      expect([res.status, res.json.code, res.json.detail]).toEqual([404, "sprint_not_found", "Diesen Sprint gibt es im Projekt nicht."]);
    }
    const poker = await post({ kind: "poker", title: "Poker", method: "fibonacci", sprint: mine });
    expect([poker.status, poker.json.code]).toEqual([400, "room_sprint_invalid"]);
    expect(poker.json.detail).toBe("Ein Sprint lässt sich nur für eine Retro wählen, und es muss ein Sprint des Projekts sein.");
    expect(await db().select().from(rooms).where(eq(rooms.projectId, team.projectId))).toEqual([]);
    expect(await db().select().from(retroSprints).where(eq(retroSprints.projectId, team.projectId))).toEqual([]);
  });

  it("shows the facts and the calibration to project people only: guests by link and outsiders are refused", async () => {
    const team = await buildTeam();
    const retro = await retroFor(team, await newSprint(team.projectId, team.cookies.write, "S"), "Retro");
    const opened = await call("PUT", `/api/v1/rooms/${retro}`, { cookie: team.cookies.write, body: { guests: true } });
    expect(opened.status).toBe(200);
    const guest = await call("POST", `/api/v1/rooms/${retro}/join`, { body: { name: "Visitor" } });
    const cookie = (guest.headers.get("Set-Cookie") ?? "").split(";")[0]!;
    const refused = await call("GET", `/api/v1/rooms/${retro}/facts`, { cookie, headers: { "Accept-Language": "ru" } });
    expect([refused.status, refused.json.code, refused.json.detail]).toEqual([403, "room_guests_no_facts", "Гости не видят задачи проекта; это видят только участники проекта."]);
    expect((await call("GET", `/api/v1/rooms/${retro}/facts`, { cookie: team.cookies.outsider })).status).toBe(403);
    expect((await call("GET", `/api/v1/rooms/${retro}/calibration`, { cookie: team.cookies.write })).status).toBe(404);
  });
});

describe("the calibration strip", () => {
  it("answers up to three earlier tasks per card value, the most recently estimated first, leaving out the task being estimated", async () => {
    const team = await buildTeam();
    const made: Record<string, { guid: string; number: number }> = {};
    for (const [title, estimate] of [["A", 3], ["B", 3], ["C", 3], ["D", 3], ["E", 5], ["F", 4], ["Now", 3]] as const) {
      made[title] = await newTask(team.projectId, team.cookies.write, title, [{ slug: "estimate", value: estimate }]);
    }
    // When each got its estimate: B last, then A, D, C.
    const fields = await fieldsBySlug(team.projectId, team.cookies.read);
    const estimate = fields("estimate").guid;
    const at = { A: 4, B: 5, C: 1, D: 3, E: 2, F: 2, Now: 9 } as const;
    for (const [title, minute] of Object.entries(at)) {
      await db()
        .update(fieldValues)
        .set({ updatedAt: 1_700_000_000_000 + minute * 60_000 })
        .where(and(eq(fieldValues.fieldId, estimate), eq(fieldValues.entityId, made[title]!.guid)));
    }
    const created = await call("POST", `${base(team.projectId)}/rooms`, { cookie: team.cookies.write, body: { kind: "poker", title: "Estimation", method: "fibonacci" } });
    const room = created.json.guid as string;
    await joinRoom(room, team.cookies.read);
    const res = await call("GET", `/api/v1/rooms/${room}/calibration?issue=${made.Now!.guid}`, { cookie: team.cookies.read });
    expect(res.status, res.text).toBe(200);
    const strip = Object.fromEntries((res.json.results as { card: string; tasks: { title: string }[] }[]).map((v) => [v.card, v.tasks.map((t) => t.title)]));
    expect(strip["3"]).toEqual(["B", "A", "D"]);
    expect(strip["5"]).toEqual(["E"]);
    expect(strip["8"]).toEqual([]);
    // 4 is not a card of the deck: no strip for it, and "?" has no number.
    expect(Object.keys(strip)).not.toContain("4");
    expect(Object.keys(strip)).not.toContain("?");
    const bad = await call("GET", `/api/v1/rooms/${room}/calibration?issue=${"x".repeat(65)}`, { cookie: team.cookies.read });
    expect(bad.status).toBe(400);
  });
});
