/**
 * `GET /v1/project/:id/issues?guids=`: the tasks an open board reads alone after another person's
 * change (issue 17, `domain/planning/board-patch.ts`). They must be exactly the board's own tasks,
 * or a board patched with them would differ from one read whole.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { getDb } from "../../workers/db/client";
import type { Env } from "../../workers/env";
import { planningBoard } from "../../workers/services/board";
import { i18nFor } from "../../workers/services/i18n";
import type { TaskView } from "../../domain/wire/task-view";
import { call } from "../fixtures/http";
import { expectReadable400 } from "../fixtures/problems";
import { buildTeam } from "../fixtures/projects";

const p = (project: string) => `/api/v1/project/${project}`;
const byGuid = (list: TaskView[]) => [...list].sort((a, b) => a.guid.localeCompare(b.guid));

async function task(project: string, cookie: string | undefined, title: string, more: { slug: string; value: unknown }[] = []) {
  const res = await call("POST", `${p(project)}/issue`, { cookie, body: { custom_fields: [{ slug: "title", value: title }, ...more] } });
  expect(res.status).toBe(201);
  return res.json as TaskView;
}

describe("the named tasks of a project", () => {
  it("are the board's own tasks: the same values, in the same order, with the same numbers and places", async () => {
    const team = await buildTeam();
    const sprint = await call("POST", `${p(team.projectId)}/sprint`, { cookie: team.cookies.root, body: { title: "Sprint 1" } });
    const a = await task(team.projectId, team.cookies.write, "Alpha", [{ slug: "sprint", value: sprint.json.guid }]);
    const b = await task(team.projectId, team.cookies.write, "Beta");
    await task(team.projectId, team.cookies.write, "Gamma");
    const res = await call("GET", `${p(team.projectId)}/issues?guids=${a.guid},${b.guid}`, { cookie: team.cookies.read });
    expect(res.status).toBe(200);
    const board = await planningBoard(getDb((env as unknown as Env).DB), team.projectId, i18nFor("en").t);
    const onBoard = [...board.sprints.flatMap((s) => s.issues), ...board.epics].filter((t) => t.guid === a.guid || t.guid === b.guid);
    expect(byGuid(res.json as TaskView[])).toEqual(byGuid(onBoard));
  });

  it("leave out a task in the trash, another project's task and a guid of no task", async () => {
    const team = await buildTeam();
    const other = await buildTeam();
    const kept = await task(team.projectId, team.cookies.write, "Kept");
    const trashed = await task(team.projectId, team.cookies.write, "Trashed");
    const theirs = await task(other.projectId, other.cookies.write, "Theirs");
    expect((await call("DELETE", `${p(team.projectId)}/issue/${trashed.guid}`, { cookie: team.cookies.write })).status).toBe(204);
    const res = await call("GET", `${p(team.projectId)}/issues?guids=${kept.guid},${trashed.guid},${theirs.guid},00000000-0000-4000-8000-000000000000`, { cookie: team.cookies.read });
    expect(res.status).toBe(200);
    expect((res.json as TaskView[]).map((t) => t.guid)).toEqual([kept.guid]);
  });

  it("are read once for a guid named twice", async () => {
    const team = await buildTeam();
    const one = await task(team.projectId, team.cookies.write, "Once");
    const res = await call("GET", `${p(team.projectId)}/issues?guids=${one.guid},${one.guid}`, { cookie: team.cookies.read });
    expect((res.json as TaskView[]).map((t) => t.guid)).toEqual([one.guid]);
  });

  it.each([
    ["no guids", ""],
    ["an empty list", "?guids="],
    ["an empty guid in the list", "?guids=a,,b"],
    ["a guid over 64 characters", `?guids=${"x".repeat(65)}`],
    ["more than 90 guids", `?guids=${Array.from({ length: 91 }, (_, i) => `g${i}`).join(",")}`],
  ])("answer %s with a translated 400", async (_what, query) => {
    const team = await buildTeam();
    for (const lng of ["ru", "en", "es", "de"] as const) {
      const res = await call("GET", `${p(team.projectId)}/issues${query}`, { cookie: team.cookies.read, headers: { "Accept-Language": lng } });
      expectReadable400(res, lng);
      expect(res.json.code).toBe("task_guids_invalid");
    }
  });
});
