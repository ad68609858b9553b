/** Development-only helpers; every route answers 404 unless APP_ENV is "development". */
import { desc, eq } from "drizzle-orm";
import { Hono } from "hono";
import { mails } from "../../db/schema";
import { seedDemoPlan } from "../../services/demo";
import { ApiProblem } from "../problem";
import type { AppEnv } from "../types";

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
  // Fills the seeded demo project with sprints, epics and tasks (npm start calls it once).
  .post("/dev/seed", async (c) => {
    if (c.env.APP_ENV !== "development") throw new ApiProblem(404, "not_found");
    return c.json(await seedDemoPlan(c.env, c.get("db"), c.get("i18n").t));
  });
