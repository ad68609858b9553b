/**
 * The planning board's page reads (issue 17): how many D1 round trips its loader takes, counted
 * by the same counting binding that gives the benchmarks their `Server-Timing` figure, and that
 * SQLite answers each of its queries through an index.
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { loadPlanningBoard } from "../../app/features/planning/board-data.server";
import { unpackBoard } from "../../domain/wire/board-pack";
import { RouterContextProvider } from "react-router";
import { loader as rootLoader } from "../../app/root";
import { loader as boardLoader } from "../../app/routes/project-taskboard";
import { loader as layoutLoader } from "../../app/routes/project-layout";
import { loader as signedInLoader } from "../../app/routes/signed-in";
import { cloudflareContext } from "../../workers/context";
import { countingD1, getDb } from "../../workers/db/client";
import { sessions, tasks } from "../../workers/db/schema";
import { SESSION_COOKIE } from "../../workers/services/sessions";
import { sha256Hex } from "../../workers/services/ids";
import { readCookie } from "../../domain/i18n/languages";
import { reorderTasks } from "../../workers/services/tasks";
import { asc, eq } from "drizzle-orm";
import type { Env } from "../../workers/env";
import { participantQuery, projectQuery } from "../../workers/services/access";
import { BOARD_ROWS, type PlanningBoardView, planningBoard, tasksWithStoredValues } from "../../workers/services/board";
import type { TaskView } from "../../domain/wire/task-view";
import { planningPage } from "../../workers/services/pages/planning";
import { spyD1 } from "../fixtures/d1-spy";
import { seedBulkPlan } from "../../workers/services/bulk-plan";
import { fieldRowsQuery } from "../../workers/services/field-definitions";
import { i18nFor } from "../../workers/services/i18n";
import { archivedSprints, boardSprintRowsQuery, completedSprintRows } from "../../workers/services/sprints";
import { projectFieldIdsQuery, savedFiltersQuery, viewFieldRowsQuery } from "../../workers/services/views";
import { entityValues, projectParticipantValues } from "../../workers/services/field-values";
import { participantRowsQuery } from "../../workers/services/projects";
import { call } from "../fixtures/http";
import { buildTeam } from "../fixtures/projects";
import { db } from "../fixtures/users";

const workerEnv = env as unknown as Env;
const t = i18nFor("en").t;

/** The board page's loader data for `cookie`, and the D1 round trips it took. */
async function boardPage(cookie: string | undefined, projectId: string) {
  const counted = countingD1(workerEnv.DB);
  const request = new Request(`http://localhost/project/${projectId}/taskboard`, { headers: cookie ? { Cookie: cookie } : {} });
  const page = await loadPlanningBoard(request, { ...workerEnv, DB: counted.d1 }, projectId);
  // The board as the browser reads it: from a copy of the packed text, nothing cached.
  const data = page && { ...page, board: unpackBoard(structuredClone(page.board)) };
  return { data, calls: counted.calls() };
}

/**
 * Every loader of the board page's route tree (root, signed-in, project layout, the board), run
 * at once with one router context as React Router runs them for a document request, and the D1
 * round trips they took together.
 */
async function wholePage(cookie: string, projectId: string) {
  const counted = countingD1(workerEnv.DB);
  const context = new RouterContextProvider();
  context.set(cloudflareContext, { env: { ...workerEnv, DB: counted.d1 }, ctx: { waitUntil() {}, passThroughOnException() {} } as unknown as ExecutionContext });
  const request = new Request(`http://localhost/project/${projectId}/taskboard`, { headers: { Cookie: cookie, "Accept-Language": "en" } });
  const args = { request, context, params: { guid: projectId }, unstable_pattern: "/project/:guid/taskboard/:taskId?" } as never;
  const [root, signedIn, layout, board] = await Promise.all([rootLoader(args), signedInLoader(args), layoutLoader(args), boardLoader(args)]);
  return { data: { root, signedIn, layout, board }, calls: counted.calls() };
}

describe("the planning board page's reads", () => {
  it("renders a board of 300 tasks in one D1 round trip, the session's read included, as a board of 3, with the board the API answers", async () => {
    const team = await buildTeam();
    const big = await seedBulkPlan(db(), team.users.root.id, "Large", 300, t);
    const small = await seedBulkPlan(db(), team.users.root.id, "Small", 3, t);
    const [bigPage, smallPage] = [await boardPage(team.cookies.root, big.project), await boardPage(team.cookies.root, small.project)];
    console.log(`planning board loader D1 round trips: ${bigPage.calls}`);
    expect(bigPage.calls).toBe(1);
    expect(bigPage.calls).toBe(smallPage.calls);

    const api = await call("POST", `/api/v3/project/${big.project}/filters`, { cookie: team.cookies.root, body: {} });
    // The page sends each task as the views read it: the API's row without its creator and times.
    const shown = ({ created_by: _by, created_at: _at, updated_at: _up, ...task }: TaskView) => task;
    const apiBoard = api.json as PlanningBoardView;
    expect(JSON.parse(JSON.stringify(bigPage.data!.board))).toEqual({ ...apiBoard, sprints: apiBoard.sprints.map((s) => ({ ...s, issues: s.issues.map(shown) })), epics: apiBoard.epics.map(shown) });
    expect(bigPage.data!.board.sprints.reduce((n, s) => n + s.count, 0) + bigPage.data!.board.epics.length).toBe(300);
    expect(bigPage.data!.canWrite).toBe(true);
    const fields = await call("GET", `/api/v1/project/${big.project}/fields`, { cookie: team.cookies.root });
    expect(JSON.parse(JSON.stringify(bigPage.data!.definitions))).toEqual(fields.json);
    const mapping = await call("GET", `/api/v3/project/${big.project}/customfields`, { cookie: team.cookies.root });
    expect(JSON.parse(JSON.stringify(bigPage.data!.mapping))).toEqual(mapping.json);
  });

  it("serves the whole board page, every loader of its route tree, in one D1 round trip (nine before, two with the session read on its own)", async () => {
    const team = await buildTeam();
    const plan = await seedBulkPlan(db(), team.users.root.id, "Whole page", 50, t);
    const page = await wholePage(team.cookies.root!, plan.project);
    console.log(`planning board page, all loaders: ${page.calls} D1 round trips`);
    expect(page.data.board.data?.canWrite).toBe(true);
    expect(page.data.layout.project?.guid).toBe(plan.project);
    // The layout's participants, read in the page's one batch: no column of the joined rows lost
    // to a name it shares (the participant's `id` and the user's).
    const teamPage = await wholePage(team.cookies.root!, team.projectId);
    const people = teamPage.data.layout.project!.participants!.results;
    const expected = [team.users.root, team.users.write, team.users.read, team.users.unverified];
    const byGuid = (a: { guid: string }, b: { guid: string }) => a.guid.localeCompare(b.guid);
    expect(people.map((p) => ({ guid: p.guid, access: p.access_project.guid, email: p.email })).sort(byGuid)).toEqual(expected.map((u) => ({ guid: u.id, access: u.accessGuid, email: u.email })).sort(byGuid));
    expect(people.find((p) => p.guid === team.users.root.id)?.role).toBe("owner");
    expect(page.calls).toBe(1);
  });

  it("shows the board to a reader without the right to write, and nothing to someone who is not a participant", async () => {
    const team = await buildTeam();
    const reader = await boardPage(team.cookies.read, team.projectId);
    expect(reader.data?.canWrite).toBe(false);
    expect(reader.data?.board.sprints[0]?.backlog).toBe(true);
    const writer = await boardPage(team.cookies.write, team.projectId);
    expect(writer.data?.canWrite).toBe(true);
    expect((await boardPage(team.cookies.unverified, team.projectId)).data).toBeNull();
    const outsider = await boardPage(team.cookies.outsider, team.projectId);
    expect(outsider.data).toBeNull();
    expect(outsider.calls).toBe(1);
  });

  it("sends an ended session, a cookie that is no session and no cookie to sign in, though the board's rows were read beside the session", async () => {
    const team = await buildTeam();
    const toSignIn = async (cookie: string | undefined) => {
      const thrown = await boardPage(cookie, team.projectId).then(
        () => null,
        (e: unknown) => e,
      );
      expect(thrown).toBeInstanceOf(Response);
      expect((thrown as Response).status).toBe(302);
      expect((thrown as Response).headers.get("Location")).toBe(`/login?next=${encodeURIComponent(`/project/${team.projectId}/taskboard`)}`);
    };
    const cookie = team.cookies.write!;
    expect((await boardPage(cookie, team.projectId)).data?.canWrite).toBe(true);
    await db()
      .update(sessions)
      .set({ expiresAt: Date.now() - 1000 })
      .where(eq(sessions.tokenHash, await sha256Hex(readCookie(cookie, SESSION_COOKIE)!)));
    await toSignIn(cookie);
    await toSignIn(`${SESSION_COOKIE}=not-a-session`);
    await toSignIn(undefined);
    // The layout's loader, read the same way, does the same.
    const layout = await wholePage(cookie, team.projectId).then(
      () => null,
      (e: unknown) => e,
    );
    expect((layout as Response).status).toBe(302);
  });
});

describe("a card move's write", () => {
  it("moves cards in one D1 round trip (two before: a read, then the writes), writes only rows that change, and writes nothing when one task is not the project's", async () => {
    const team = await buildTeam();
    const plan = await seedBulkPlan(db(), team.users.root.id, "Moves", 3, t);
    const other = await seedBulkPlan(db(), team.users.root.id, "Other", 1, t);
    const [a, b] = await db().select().from(tasks).where(eq(tasks.projectId, plan.project)).orderBy(asc(tasks.sort));
    const [foreign] = await db().select().from(tasks).where(eq(tasks.projectId, other.project));
    const counted = countingD1(workerEnv.DB);
    const moved = await reorderTasks(getDb(counted.d1), plan.project, [
      { guid: a!.id, sort: a!.sort + 1000, position: 7 },
      { guid: b!.id, sort: b!.sort },
    ]);
    expect(moved).toEqual({ ok: true, written: 1 });
    expect(counted.calls()).toBe(1);
    expect((await db().select().from(tasks).where(eq(tasks.id, a!.id)).get())).toMatchObject({ sort: a!.sort + 1000, position: 7 });

    expect(await reorderTasks(db(), plan.project, [{ guid: b!.id, sort: 5 }, { guid: foreign!.id, sort: 5 }])).toEqual({ ok: false, written: 0 });
    expect((await db().select().from(tasks).where(eq(tasks.id, b!.id)).get())!.sort).toBe(b!.sort);
    expect((await db().select().from(tasks).where(eq(tasks.id, foreign!.id)).get())!.sort).toBe(foreign!.sort);
  });
});

/** SQLite's plan of a drizzle query, one line per step. */
async function planOf(query: { toSQL(): { sql: string; params: unknown[] } }): Promise<string[]> {
  const { sql, params } = query.toSQL();
  const { results } = await workerEnv.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .bind(...params)
    .all<{ detail: string }>();
  return results.map((r) => r.detail);
}

describe("the planning board's queries", () => {
  it("name each value's field by the field row's key read in the same batch, not by its guid", async () => {
    const team = await buildTeam();
    const plan = await seedBulkPlan(db(), team.users.root.id, "Keys", 12, t);
    const d = db();
    const [fields, answer] = await d.batch([fieldRowsQuery(d, plan.project), tasksWithStoredValues(d, plan.project)]);
    // One row: every task's JSON in one array, in lane order.
    expect(answer).toHaveLength(1);
    const rows = JSON.parse(answer[0]!.tasks) as unknown[][];
    expect(rows).toHaveLength(12);
    expect(rows.map((r) => [r[2], r[3]])).toEqual(rows.map((r) => [r[2], r[3]]).sort((a, b) => (a[0] as number) - (b[0] as number) || (a[1] as number) - (b[1] as number)));
    const keys = new Set(fields.map((f) => f.key));
    expect(keys.size).toBe(fields.length);
    for (const row of rows) {
      for (const field of fields) expect(JSON.stringify(row)).not.toContain(field.id);
      // Flat: `key, value` for a shared value (every value of this plan is shared).
      const values = row[7] as unknown[];
      expect(values.length).toBeGreaterThan(0);
      for (let i = 0; i < values.length; i += 2) expect(keys.has(values[i] as number)).toBe(true);
    }
  });

  it("read a board too large for D1's one-row answer a row per task, and that project so from then on", async () => {
    const team = await buildTeam();
    const plan = await seedBulkPlan(db(), team.users.root.id, "Large", 120, t);
    const whole = await planningBoard(db(), plan.project, t);
    expect(whole.sprints.flatMap((s) => s.issues).length + whole.epics.length).toBe(120);
    // The joined text of 120 tasks is some 40 KB: a limit of 20 KB stands in for D1's 2 MB.
    const limited = spyD1(workerEnv.DB, { maxStringBytes: 20_000 });
    expect(await planningBoard(limited.db, plan.project, t)).toEqual(whole);
    expect(limited.refused()).toBe(1);
    const page = await planningPage({ ...workerEnv, DB: limited.binding }, team.users.root.id, plan.project, t, { withArchived: false });
    expect(page?.board).toEqual(whole);
    // Remembered: no second refusal, for the API's answer or the page.
    expect(limited.refused()).toBe(1);
    // A board within the limit is still one row.
    const small = await seedBulkPlan(db(), team.users.root.id, "Small", 10, t);
    const batches = limited.calls.length;
    await planningBoard(limited.db, small.project, t);
    expect(limited.refused()).toBe(1);
    expect(limited.calls.length).toBe(batches + 1);
  });

  it("reach every row they read through an index, never by scanning a table, and read the tasks in lane order without sorting them", async () => {
    const team = await buildTeam();
    const d = db();
    const queries = {
      participant: participantQuery(d, team.users.root.id, team.projectId),
      project: projectQuery(d, team.projectId),
      fields: fieldRowsQuery(d, team.projectId),
      sprints: boardSprintRowsQuery(d, team.projectId),
      archived: archivedSprints(d, team.projectId),
      completed: completedSprintRows(d, team.projectId),
      tasks: tasksWithStoredValues(d, team.projectId),
      mapping: viewFieldRowsQuery(d, team.projectId),
      // The project layout's reads, in the same page batch.
      participants: participantRowsQuery(d, team.projectId),
      participantValues: projectParticipantValues(d, team.projectId),
      projectValues: entityValues(d, "project", team.projectId),
      // A filtered board (`POST /filters`): the saved filters and the fields its conditions name;
      // the tasks are the board's own read above, narrowed in memory.
      savedFilters: savedFiltersQuery(d, team.projectId, team.users.root.id),
      filterFields: projectFieldIdsQuery(d, team.projectId),
    };
    for (const [name, query] of Object.entries(queries)) {
      const plan = await planOf(query);
      // `SCAN t` reads the whole table; `SEARCH t USING INDEX` / `SCAN t USING COVERING INDEX` do not.
      // The board's task rows are read through a subquery of their own (`BOARD_ROWS`): not a table.
      const scans = plan.filter((step) => step.trim() !== `SCAN ${BOARD_ROWS}` && (/^SCAN \w+$/.test(step.trim()) || /^SCAN \w+ (?!USING)/.test(step.trim())));
      expect(scans, name).toEqual([]);
    }
    // A 5,000-task board in lane order straight from `tasks_board_order_idx`, not a temporary B-tree.
    const tasksPlan = await planOf(queries.tasks);
    expect(tasksPlan.some((step) => step.includes("USING INDEX tasks_board_order_idx"))).toBe(true);
    expect(tasksPlan.filter((step) => step.includes("TEMP B-TREE"))).toEqual([]);
  });
});
