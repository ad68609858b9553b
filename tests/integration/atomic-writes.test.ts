/**
 * Multi-step writes happen all or not at all (issue 20): each operation sends its writes as
 * one D1 batch, and when that batch fails on its last statement — a real SQLite error after
 * every statement the service sent — nothing of the earlier statements is kept.
 */
import { env } from "cloudflare:workers";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DEFAULT_LANGUAGE } from "../../domain/i18n/languages";
import { fieldDefinitions, participants, projects, roomMembers, rooms } from "../../workers/db/schema";
import type { Env } from "../../workers/env";
import { optionsOf } from "../../workers/services/field-definitions";
import { i18nFor } from "../../workers/services/i18n";
import { deleteLabel, tagsField } from "../../workers/services/labels";
import { changeAccess, createProject } from "../../workers/services/projects";
import { createRoom } from "../../workers/services/rooms";
import { createTask } from "../../workers/services/tasks";
import { spyD1 } from "../fixtures/d1-spy";
import { call } from "../fixtures/http";
import { accessRow, buildTeam } from "../fixtures/projects";
import { base, newTask, projectRows } from "../fixtures/tasks";
import { db, userRow } from "../fixtures/users";

const workerEnv = env as unknown as Env;
const { t } = i18nFor(DEFAULT_LANGUAGE);

/** One spy that lets the batch through, one that fails it last. */
const spies = () => ({ ok: spyD1(workerEnv.DB), failing: spyD1(workerEnv.DB, { failBatches: true }) });

describe("multi-step writes", () => {
  it("creates a task with its values and log entry in one batch, and leaves nothing when that batch fails", async () => {
    const team = await buildTeam();
    await newTask(team.projectId, team.cookies.write, "Warm-up");
    const { ok, failing } = spies();
    const before = await projectRows(team.projectId);
    const values = [
      { slug: "title", value: "Half a task" },
      { slug: "description", value: "Never written" },
    ];
    await expect(createTask(workerEnv, failing.db, team.projectId, team.users.write.id, values, t)).rejects.toThrow();
    expect(await projectRows(team.projectId)).toEqual(before);

    const made = await createTask(workerEnv, ok.db, team.projectId, team.users.write.id, values, t);
    expect(made.ok).toBe(true);
    expect(ok.writes()).toHaveLength(1);
    expect(ok.writes()[0]!.batch).toBe(true);
    const after = await projectRows(team.projectId);
    expect(after.tasks).toHaveLength(before.tasks.length + 1);
    const created = after.activity.find((a) => a.action === "created" && !before.activity.some((b) => b.id === a.id))!;
    expect(JSON.parse(created.detail)).toMatchObject({ number: made.ok ? made.task.number : -1 });
  });

  it("creates a project with its owner, fields and values in one batch, and leaves nothing when that batch fails", async () => {
    const team = await buildTeam();
    const owner = team.users.outsider.id;
    const { ok, failing } = spies();
    const mine = () => db().select().from(participants).where(eq(participants.userId, owner));
    await expect(createProject(failing.db, owner, "Never", "", t, [])).rejects.toThrow();
    expect(await mine()).toEqual([]);
    expect(await db().select().from(projects).where(eq(projects.name, "Never"))).toEqual([]);

    const made = await createProject(ok.db, owner, "Ours", "", t, []);
    expect(made.ok).toBe(true);
    expect(ok.writes()).toHaveLength(1);
    expect(ok.writes()[0]!.batch).toBe(true);
    const id = made.ok ? made.projectId : "";
    expect((await db().select().from(fieldDefinitions).where(eq(fieldDefinitions.projectId, id))).length).toBeGreaterThan(5);
  });

  it("refuses a project whose values are invalid before writing anything", async () => {
    const team = await buildTeam();
    const owner = team.users.outsider.id;
    const res = await call("POST", "/api/v1/project", { cookie: team.cookies.outsider, body: { name: "Refused", custom_fields: [{ guid: "no-such-field", value: 1 }] } });
    expect(res.status).toBe(400);
    expect(await db().select().from(participants).where(eq(participants.userId, owner))).toEqual([]);
    expect(await db().select().from(projects).where(eq(projects.name, "Refused"))).toEqual([]);
  });

  it("creates a room with its owner's membership in one batch, and leaves no row when that batch fails", async () => {
    const team = await buildTeam();
    const owner = (await userRow(team.users.write.id))!;
    const { ok, failing } = spies();
    await expect(createRoom(workerEnv, failing.db, team.projectId, owner, { kind: "retro", title: "Half", method: "mad_sad_glad" })).rejects.toThrow();
    expect(await db().select().from(rooms).where(eq(rooms.projectId, team.projectId))).toEqual([]);
    expect(await db().select().from(roomMembers).where(eq(roomMembers.userId, owner.id))).toEqual([]);

    const made = await createRoom(workerEnv, ok.db, team.projectId, owner, { kind: "retro", title: "Whole", method: "mad_sad_glad" });
    expect(made.ok).toBe(true);
    expect(ok.writes()).toHaveLength(1);
    expect(ok.writes()[0]!.batch).toBe(true);
    // The room's object was set up before the row: the new room opens.
    const view = await call("GET", `/api/v1/rooms/${made.ok ? made.room.id : ""}`, { cookie: team.cookies.write });
    expect(view.status, view.text).toBe(200);
  });

  it("deletes a label, strips it from its tasks and logs it in one batch, and changes nothing when that batch fails", async () => {
    const team = await buildTeam();
    const label = (await call("POST", `${base(team.projectId)}/labels`, { cookie: team.cookies.write, body: { value: "Flaky" } })).json as { guid: string };
    await newTask(team.projectId, team.cookies.write, "Tagged", [{ slug: "tags", value: [label.guid] }]);
    const field = await tagsField(db(), team.projectId, t);
    const { ok, failing } = spies();
    const before = await projectRows(team.projectId);
    await expect(deleteLabel(failing.db, field, label.guid, team.users.write.id)).rejects.toThrow();
    expect(await projectRows(team.projectId)).toEqual(before);

    const deleted = await deleteLabel(ok.db, field, label.guid, team.users.write.id);
    expect(deleted).toMatchObject({ ok: true, tasks: [expect.any(String)] });
    expect(ok.writes()).toHaveLength(1);
    expect(ok.writes()[0]!.batch).toBe(true);
    expect(optionsOf((await tagsField(db(), team.projectId, t))).map((o) => o.guid)).not.toContain(label.guid);
  });

  it("deletes a label read before another label was added: the stale swap rolls its batch back and the retry lands whole", async () => {
    const team = await buildTeam();
    const label = (await call("POST", `${base(team.projectId)}/labels`, { cookie: team.cookies.write, body: { value: "Old" } })).json as { guid: string };
    const task = await newTask(team.projectId, team.cookies.write, "Tagged", [{ slug: "tags", value: [label.guid] }]);
    const stale = await tagsField(db(), team.projectId, t);
    const other = (await call("POST", `${base(team.projectId)}/labels`, { cookie: team.cookies.write, body: { value: "New" } })).json as { guid: string };
    const spy = spyD1(workerEnv.DB);
    expect(await deleteLabel(spy.db, stale, label.guid, team.users.write.id)).toEqual({ ok: true, tasks: [task.guid] });
    expect(spy.writes().filter((c) => c.batch)).toHaveLength(2);
    expect(optionsOf((await tagsField(db(), team.projectId, t))).map((o) => o.guid)).toEqual([other.guid]);
    const log = (await projectRows(team.projectId)).activity.filter((a) => a.entityId === task.guid && a.action === "updated");
    expect(log).toHaveLength(1);
  });

  it("changes a participant's access with their values in one batch, and changes nothing when that batch fails", async () => {
    const team = await buildTeam();
    const project = (await db().select().from(projects).where(eq(projects.id, team.projectId)).get())!;
    const target = (await accessRow(team.users.write.accessGuid!))!;
    const { ok, failing } = spies();
    await expect(changeAccess(failing.db, project, target, { write: false }, [], team.users.root.id)).rejects.toThrow();
    expect(await accessRow(target.id)).toEqual(target);

    const changed = await changeAccess(ok.db, project, target, { write: false }, [], team.users.root.id);
    expect(changed).toMatchObject({ ok: true, participant: { write: false } });
    expect(ok.writes()).toHaveLength(1);
    expect(ok.writes()[0]!.batch).toBe(true);
    expect(await db().select().from(participants).where(and(eq(participants.id, target.id), eq(participants.write, false)))).toHaveLength(1);
  });
});
