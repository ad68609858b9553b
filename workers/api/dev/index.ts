/** Development-only helpers; every route answers 404 unless APP_ENV is "development". */
import { desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { z } from "zod";
import { mails, users } from "../../db/schema";
import { readCookie } from "../../../domain/i18n/languages";
import { planningPageQueries } from "../../services/pages/planning";
import { projectPageQueries } from "../../services/pages/project";
import { SESSION_COOKIE, sessionTimesQuery, sessionUserQuery } from "../../services/sessions";
import { sha256Hex } from "../../services/ids";
import { seedBulkPlan } from "../../services/bulk-plan";
import { DEMO_USER_ID, seedDemoPlan } from "../../services/demo";
import { publishToProject } from "../../services/live";
import { ApiProblem } from "../problem";
import type { AppEnv } from "../types";
import { parseWith } from "../validate";

/** `{tasks, project}`: a new project of the demo user named `project`, holding `tasks` tasks. */
export const bulkBody = z.object({ tasks: z.number().int().min(1).max(20_000), project: z.string().trim().min(1).max(200).default("Load test") });

/** `{task}`: the guid the published notice names (the benchmark's marker). */
/**
 * `by`: whose change the notice names (a watching page signed in as the demo user hears another's);
 * `pad`: that many more guids of no task in the notice (past `PATCH_TASKS_MAX`, boards read whole).
 */
export const publishBody = z.object({ task: z.string().trim().min(1).max(64), by: z.string().trim().min(1).max(64).optional(), pad: z.number().int().min(0).max(200).optional() });

export const devRoutes = new Hono<AppEnv>().get("/dev/mails", async (c) => {
  if (c.env.APP_ENV !== "development") throw new ApiProblem(404, "not_found");
  const to = c.req.query("to")?.trim().toLowerCase();
  const rows = await c
    .get("db")
    .select()
    .from(mails)
    .where(to ? eq(mails.to, to) : undefined)
    .orderBy(desc(mails.id))
    .limit(50);
  return c.json(rows);
})
  // Without a body: fills the seeded demo project with sprints, epics and tasks (npm start
  // calls it once). With `{tasks, project}`: a new large project for the benchmarks.
  .post("/dev/seed", async (c) => {
    if (c.env.APP_ENV !== "development") throw new ApiProblem(404, "not_found");
    const text = await c.req.text();
    if (text.trim() === "") return c.json(await seedDemoPlan(c.env, c.get("db"), c.get("i18n").t));
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      throw new ApiProblem(400, "body_invalid_json");
    }
    const body = parseWith(bulkBody, raw);
    // The demo user comes from `npm run db:seed`; without it the project's owner would not exist.
    if (!(await c.get("db").select({ id: users.id }).from(users).where(eq(users.id, DEMO_USER_ID)).get())) throw new ApiProblem(404, "not_found");
    return c.json(await seedBulkPlan(c.get("db"), DEMO_USER_ID, body.project, body.tasks, c.get("i18n").t), 201);
  })
  // The SQL of the board page's reads as its owner sees it (session, layout, board), for the
  // benchmark's floor: bench/board.mjs runs the same statements on a copy of the local database.
  .get("/dev/board-queries/:id", async (c) => {
    if (c.env.APP_ENV !== "development") throw new ApiProblem(404, "not_found");
    const db = c.get("db");
    const projectId = c.req.param("id");
    const token = readCookie(c.req.header("Cookie"), SESSION_COOKIE) ?? "";
    // As the page reads them: the session, and the rows of its holder beside it.
    const session = { hash: await sha256Hex(token) };
    const statements = [sessionTimesQuery(db, session.hash), sessionUserQuery(db, session.hash), ...projectPageQueries(db, session, projectId), ...planningPageQueries(db, session, projectId)];
    return c.json({ statements: statements.map((q) => q.toSQL()) });
  })
  // The card move's publish on its own (issue 17): the `tasks_changed` notice a write sends, by
  // the same call (`publishToProject`), without the session, the access check or the write.
  // Answers 204, with the call's time in `Server-Timing: publish`.
  .post("/dev/publish/:id", async (c) => {
    if (c.env.APP_ENV !== "development") throw new ApiProblem(404, "not_found");
    const body = parseWith(publishBody, await c.req.json().catch(() => null));
    // No D1 read: the figure is the publish's alone (a room nobody opened hears it and drops it).
    const projectId = c.req.param("id");
    const start = performance.now();
    await publishToProject(c.env, projectId, { type: "tasks_changed", project: projectId, tasks: [body.task, ...Array.from({ length: body.pad ?? 0 }, () => crypto.randomUUID())], by: body.by ?? DEMO_USER_ID, at: Date.now() });
    c.header("Server-Timing", `publish;dur=${(performance.now() - start).toFixed(1)}`);
    return c.body(null, 204);
  });
