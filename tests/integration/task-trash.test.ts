/**
 * Deleting a task with Undo (issue 15): a deleted task is gone from every read until it is
 * restored, comes back whole, tells open boards both ways, and is purged for good (rows and
 * R2 bytes) only 30 days later.
 */
import { env } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { loadPlanningBoard } from "../../app/features/planning/board-data.server";
import { unpackBoard } from "../../domain/wire/board-pack";
import { TRASH_KEPT_MS } from "../../domain/planning/trash";
import { attachments, taskLinks, tasks } from "../../workers/db/schema";
import type { Env } from "../../workers/env";
import { purgeDeletedTasks } from "../../workers/services/task-trash";
import { roomStub } from "../../workers/services/rooms";
import { call } from "../fixtures/http";
import { PNG } from "../fixtures/images";
import { listen } from "../fixtures/live";
import { expectProblem } from "../fixtures/problems";
import { buildTeam, type Team } from "../fixtures/projects";
import { base, fieldsBySlug, newSprint, newTask } from "../fixtures/tasks";
import { db } from "../fixtures/users";

const workerEnv = env as unknown as Env;

describe("a deleted task", () => {
  let team: Team;
  let p: string;
  const get = (path: string) => call("GET", `${p}${path}`, { cookie: team.cookies.read });
  beforeAll(async () => {
    team = await buildTeam();
    p = base(team.projectId);
  });

  /** Everything each read path shows of `guid` (titled `title`, numbered `number`, linked from `other`). */
  async function seen(guid: string, number: number, title: string, other: string) {
    const board = await loadPlanningBoard(new Request(`http://localhost/project/${team.projectId}/taskboard`, { headers: { Cookie: team.cookies.read! } }), workerEnv, team.projectId);
    const filters = await call("POST", `/api/v3/project/${team.projectId}/filters`, { cookie: team.cookies.read, body: {} });
    const onBoard = (b: { sprints: { issues: { guid: string }[] }[]; epics: { guid: string }[] }) => [...b.sprints.flatMap((s) => s.issues), ...b.epics].some((t) => t.guid === guid);
    const stats = (await get("/stats")).json as { by_sprint: { not_done_tasks: number }[] };
    const labels = (await get("/labels")).json as { count?: number; value: string }[];
    return {
      page: (await get(`/issue/${guid}`)).status,
      comments: (await get(`/issue/${guid}/comment`)).status,
      history: (await get(`/issue/${guid}/events`)).status,
      files: (await get(`/entity-file?entity_kind=issue&entity_guid=${guid}`)).status,
      board: onBoard(unpackBoard(structuredClone(board!.board))),
      table: onBoard(filters.json),
      backlog: ((await get("/issue_backlog")).json as { guid: string }[]).some((t) => t.guid === guid),
      search: ((await get(`/issuesearch/data?query=${encodeURIComponent(title)}`)).json.count as number) > 0,
      byNumber: ((await get(`/issuesearch/data?query=${encodeURIComponent(`#${number}`)}`)).json.count as number) > 0,
      linked: ((await get(`/issue/${other}/issues`)).json as { issue: string }[]).some((l) => l.issue === guid),
      sprintCount: stats.by_sprint.reduce((n, s) => n + s.not_done_tasks, 0),
      labelled: JSON.stringify(labels),
    };
  }

  it("is absent from every read path until Undo, which brings it back whole for everyone", async () => {
    const sprint = await newSprint(team.projectId, team.cookies.root, "Sprint 1");
    const field = await fieldsBySlug(team.projectId, team.cookies.root);
    const label = (await call("POST", `${p}/labels`, { cookie: team.cookies.root, body: { value: "Trashy" } })).json.guid as string;
    const task = await newTask(team.projectId, team.cookies.root, "Quokka migration", [
      { guid: field("sprint").guid, value: sprint },
      { slug: "tags", value: [label] },
    ]);
    const other = await newTask(team.projectId, team.cookies.root, "Neighbour");
    expect((await call("POST", `${p}/issue/${other.guid}/issues`, { cookie: team.cookies.root, body: { issue: task.guid, kind: "relates" } })).status).toBe(201);
    await call("POST", `${p}/issue/${task.guid}/comment`, { cookie: team.cookies.root, body: { text: "Kept for Undo" } });
    const form = new FormData();
    form.append("entity_kind", "issue");
    form.append("entity_guid", task.guid);
    form.append("file", new File([PNG as BlobPart], "kept.png", { type: "image/png" }));
    const file = (await call("POST", `${p}/entity-file`, { cookie: team.cookies.root, form })).json.guid as string;
    const before = await seen(task.guid, task.number, "Quokka", other.guid);
    expect(before).toMatchObject({ page: 200, comments: 200, history: 200, files: 200, board: true, table: true, search: true, byNumber: true, linked: true, sprintCount: 1 });

    const board = await listen(team.projectId, team.cookies.read!);
    expect((await call("DELETE", `${p}/issue/${task.guid}`, { cookie: team.cookies.write })).status).toBe(204);
    await board.waitFor((m) => m.type === "tasks_changed" && m.tasks.includes(task.guid));
    const gone = await seen(task.guid, task.number, "Quokka", other.guid);
    expect(gone).toMatchObject({ page: 404, comments: 404, history: 404, files: 404, board: false, table: false, backlog: false, search: false, byNumber: false, linked: false, sprintCount: 0 });
    expect(gone.labelled).not.toEqual(before.labelled);
    expectProblem(await call("GET", `${p}/entity-file/${file}`, { cookie: team.cookies.read }), 404, "file_not_found");
    // Writes to it are refused as for a task that does not exist.
    expectProblem(await call("PUT", `${p}/issue/${task.guid}`, { cookie: team.cookies.write, body: { custom_fields: [{ slug: "title", value: "Zombie" }] } }), 404, "task_not_found");
    expectProblem(await call("DELETE", `${p}/issue/${task.guid}`, { cookie: team.cookies.write }), 404, "task_not_found");

    const heard = board.messages.length;
    const restored = await call("POST", `${p}/issue/${task.guid}/restore`, { cookie: team.cookies.write });
    expect(restored.status, restored.text).toBe(200);
    expect(restored.json.guid).toBe(task.guid);
    await board.waitFor((m) => m.type === "tasks_changed" && m.tasks.includes(task.guid) && board.messages.indexOf(m) >= heard);
    board.close();
    expect(await seen(task.guid, task.number, "Quokka", other.guid)).toEqual(before);
    expect((await call("GET", `${p}/entity-file/${file}`, { cookie: team.cookies.read })).status).toBe(200);
    const history = (await get(`/issue/${task.guid}/events`)).json.results as { action: string }[];
    expect(history.slice(0, 2).map((e) => e.action)).toEqual(["restored", "deleted"]);
  });

  it("is restored only by those who may delete it, and only from the trash", async () => {
    const task = await newTask(team.projectId, team.cookies.root, "Guarded");
    expectProblem(await call("POST", `${p}/issue/${task.guid}/restore`, { cookie: team.cookies.write }), 404, "task_not_found");
    await call("DELETE", `${p}/issue/${task.guid}`, { cookie: team.cookies.write });
    expect((await call("POST", `${p}/issue/${task.guid}/restore`, { cookie: team.cookies.read })).status).toBe(403);
    const elsewhere = await call("POST", "/api/v1/project", { cookie: team.cookies.root, body: { name: "Elsewhere" } });
    expectProblem(await call("POST", `${base(elsewhere.json.guid)}/issue/${task.guid}/restore`, { cookie: team.cookies.root }), 404, "task_not_found");
    expect((await call("POST", `${p}/issue/${task.guid}/restore`, { cookie: team.cookies.write })).status).toBe(200);
  });

  it("is purged with its links, files and bytes 30 days after deletion, not before", async () => {
    const task = await newTask(team.projectId, team.cookies.root, "Purged");
    const other = await newTask(team.projectId, team.cookies.root, "Survivor");
    await call("POST", `${p}/issue/${other.guid}/issues`, { cookie: team.cookies.root, body: { issue: task.guid, kind: "relates" } });
    const form = new FormData();
    form.append("entity_kind", "issue");
    form.append("entity_guid", task.guid);
    form.append("file", new File([PNG as BlobPart], "bytes.png", { type: "image/png" }));
    await call("POST", `${p}/entity-file`, { cookie: team.cookies.root, form });
    const [row] = await db().select().from(attachments).where(eq(attachments.entityId, task.guid));
    await call("DELETE", `${p}/issue/${task.guid}`, { cookie: team.cookies.root });
    const deletedAt = (await db().select().from(tasks).where(eq(tasks.id, task.guid)).get())!.deletedAt!;

    await purgeDeletedTasks(workerEnv, db(), deletedAt + TRASH_KEPT_MS - 1);
    expect(await db().select().from(tasks).where(eq(tasks.id, task.guid))).toHaveLength(1);
    expect(await workerEnv.FILES.head(row!.key)).not.toBeNull();

    await purgeDeletedTasks(workerEnv, db(), deletedAt + TRASH_KEPT_MS);
    expect(await db().select().from(tasks).where(eq(tasks.id, task.guid))).toEqual([]);
    expect(await db().select().from(attachments).where(eq(attachments.entityId, task.guid))).toEqual([]);
    expect(await db().select().from(taskLinks).where(eq(taskLinks.targetId, task.guid))).toEqual([]);
    expect(await workerEnv.FILES.head(row!.key)).toBeNull();
    expect((await db().select().from(tasks).where(eq(tasks.id, other.guid))).length).toBe(1);
    expectProblem(await call("POST", `${p}/issue/${task.guid}/restore`, { cookie: team.cookies.root }), 404, "task_not_found");
  });
});

describe("a deleted task in the project's poker rooms", () => {
  it("leaves every open poker room's queue and comes back to its place on Undo", async () => {
    const team = await buildTeam();
    const p = base(team.projectId);
    const made = await Promise.all(["One", "Two"].map((title) => call("POST", `${p}/rooms`, { cookie: team.cookies.write, body: { kind: "poker", title, method: "fibonacci" } })));
    const [a, b, c] = [await newTask(team.projectId, team.cookies.write, "First"), await newTask(team.projectId, team.cookies.write, "Second"), await newTask(team.projectId, team.cookies.write, "Third")];
    const stubs = await Promise.all(made.map((r) => roomStub(workerEnv, r.json.guid)));
    for (const stub of stubs) {
      expect(await stub.act(team.users.write.id, { type: "add_issues", issues: [a, b, c].map((t) => ({ id: t.guid, title: "T", description: "" })) })).toMatchObject({ ok: true });
      expect(await stub.act(team.users.write.id, { type: "pick", issue: b.guid })).toMatchObject({ ok: true });
    }
    const queues = async () => Promise.all(stubs.map(async (s) => ((await s.viewOf(team.users.write.id))!.view as unknown as { queue: string[]; current: string | null })));

    expect((await call("DELETE", `${p}/issue/${b.guid}`, { cookie: team.cookies.write })).status).toBe(204);
    for (const view of await queues()) {
      expect(view.queue).toEqual([a.guid, c.guid]);
      expect(view.current).toBeNull();
    }
    expect((await call("POST", `${p}/issue/${b.guid}/restore`, { cookie: team.cookies.write })).status).toBe(200);
    for (const view of await queues()) expect(view.queue).toEqual([a.guid, b.guid, c.guid]);
  });
});
