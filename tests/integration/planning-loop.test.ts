/**
 * The planning loop's server side: a sprint's capacity and availability (validated like every
 * sprint write, people scoped to the project), the velocity and forecast the stats carry, and
 * the pace the taskboard's page gives the roadmap's forecast and the sprint dialog.
 */
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { i18nFor } from "../../workers/services/i18n";
import type { Env } from "../../workers/env";
import { planningPage } from "../../workers/services/pages/planning";
import { call } from "../fixtures/http";
import { expectProblem } from "../fixtures/problems";
import { buildTeam, type Team } from "../fixtures/projects";

const base = (projectId: string) => `/api/v1/project/${projectId}`;

describe("a sprint's capacity and availability", () => {
  let team: Team;
  let sprint: string;

  beforeAll(async () => {
    team = await buildTeam();
    const res = await call("POST", `${base(team.projectId)}/sprint`, { cookie: team.cookies.root, body: { title: "Sprint 1", capacity: 20 } });
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({ capacity: 20, availability: [] });
    sprint = res.json.guid;
  });

  const read = async () => (await call("GET", `${base(team.projectId)}/sprint/${sprint}`, { cookie: team.cookies.root })).json;
  const put = (body: unknown, actor: "root" | "read" = "root") => call("PUT", `${base(team.projectId)}/sprint/${sprint}`, { cookie: team.cookies[actor], body });

  it("keeps who gives the sprint how much time, and its capacity", async () => {
    const availability = [
      { user: team.users.root.id, share: 100, days_off: 1 },
      { user: team.users.write.id, share: 50, days_off: 0 },
    ];
    const res = await put({ capacity: 13.5, availability });
    expect(res.status, res.text).toBe(200);
    expect(await read()).toMatchObject({ capacity: 13.5, availability });
  });

  it("refuses a capacity that is not a number from 0 up, and changes nothing", async () => {
    for (const capacity of [-1, "20", Number.MAX_VALUE]) expectProblem(await put({ capacity }), 400, "sprint_capacity_invalid");
    expect((await read()).capacity).toBe(13.5);
  });

  it("refuses availability naming someone outside the project, twice the same person, or a share past 100 %", async () => {
    const bad = [
      [{ user: team.users.outsider.id, share: 100, days_off: 0 }],
      [
        { user: team.users.root.id, share: 100, days_off: 0 },
        { user: team.users.root.id, share: 50, days_off: 0 },
      ],
      [{ user: team.users.root.id, share: 120, days_off: 0 }],
      [{ user: team.users.root.id, share: 100, days_off: 1.5 }],
    ];
    // A long list (more people than D1 binds parameters in one statement) is checked too, not a 500.
    bad.push(Array.from({ length: 150 }, () => ({ user: crypto.randomUUID(), share: 100, days_off: 0 })));
    for (const availability of bad) expectProblem(await put({ availability }), 400, "sprint_availability_invalid");
    expect((await read()).availability).toHaveLength(2);
  });

  it("clears the capacity with null, and a reader cannot change it", async () => {
    expect((await put({ capacity: 5 }, "read")).status).toBe(403);
    expect((await put({ capacity: null })).status).toBe(200);
    expect((await read()).capacity).toBeNull();
  });
});

describe("velocity and the forecast in the stats", () => {
  let team: Team;

  beforeAll(async () => {
    team = await buildTeam();
    const fields = (await call("GET", `${base(team.projectId)}/fields`, { cookie: team.cookies.root })).json as { slug: string; settings: { values_set: { guid: string; key?: string }[] } }[];
    const done = fields.find((f) => f.slug === "status")!.settings.values_set.find((o) => o.key === "done")!.guid;
    const sprintWith = async (title: string, start: string, end: string, estimates: number[]) => {
      const created = await call("POST", `${base(team.projectId)}/sprint`, { cookie: team.cookies.root, body: { title, start_date: start, end_date: end } });
      for (const estimate of estimates) {
        const task = await call("POST", `${base(team.projectId)}/issue`, {
          cookie: team.cookies.root,
          body: { custom_fields: [{ slug: "title", value: `${title} task` }, { slug: "estimate", value: estimate }, { slug: "sprint", value: created.json.guid }, { slug: "status", value: done }] },
        });
        expect(task.status, task.text).toBe(201);
      }
      const completed = await call("POST", `${base(team.projectId)}/sprint/${created.json.guid}/complete`, { cookie: team.cookies.root, body: {} });
      expect(completed.status, completed.text).toBe(200);
    };
    await sprintWith("Sprint 1", "2026-10-05", "2026-10-16", [5, 5]);
    await sprintWith("Sprint 2", "2026-10-19", "2026-10-30", [8, 4]);
    // Open work: 24 points estimated, one task without an estimate.
    for (const estimate of [8, 8, 8, null]) {
      await call("POST", `${base(team.projectId)}/issue`, {
        cookie: team.cookies.root,
        body: { custom_fields: [{ slug: "title", value: "Open" }, ...(estimate === null ? [] : [{ slug: "estimate", value: estimate }])] },
      });
    }
  });

  it("averages what completed sprints finished and forecasts the open work in their sprint length", async () => {
    const res = await call("GET", `${base(team.projectId)}/stats`, { cookie: team.cookies.read });
    expect(res.status, res.text).toBe(200);
    const { velocity, forecast } = res.json.loop;
    expect(velocity).toMatchObject({ mean: 11, min: 10, max: 12 });
    expect(velocity.sprints.map((s: { title: string; done: number }) => [s.title, s.done])).toEqual([
      ["Sprint 1", 10],
      ["Sprint 2", 12],
    ]);
    expect(forecast).toMatchObject({ remaining: 24, unestimated: 1, sprint_days: 12 });
    // 24 at 10 or 12 a sprint: two or three sprints of twelve days.
    expect([2, 3]).toContain(forecast.end.sprints50);
    expect(forecast.end.sprints85).toBeGreaterThanOrEqual(forecast.end.sprints50);
    expect(forecast.end.p50).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it("gives the taskboard's page the pace of completed sprints, an archived one included", async () => {
    const sprints = (await call("GET", `${base(team.projectId)}/sprint`, { cookie: team.cookies.root })).json as { guid: string; title: string }[];
    const first = sprints.find((s) => s.title === "Sprint 1")!;
    expect((await call("PUT", `${base(team.projectId)}/sprint/${first.guid}`, { cookie: team.cookies.root, body: { archived: true } })).status).toBe(200);
    const page = await planningPage(env as unknown as Env, team.users.read.id, team.projectId, i18nFor("en").t, { withArchived: false });
    expect(page?.board.sprints.some((s) => s.guid === first.guid)).toBe(false);
    expect(page?.pace).toEqual({ samples: [10, 12], sprint_days: 12 });
  });
});
