/** Project statistics: burndown, tasks per status and assignee, estimate per sprint. */
import { Hono } from "hono";
import { statsQuery } from "../../../domain/stats/schemas";
import { projectStats } from "../../services/stats";
import { ApiProblem } from "../problem";
import { access, type ProjectEnv } from "../project-access";
import { parseWith } from "../validate";

export const statsRoutes = new Hono<ProjectEnv>().get("/v1/project/:id/stats", access("read"), async (c) => {
  // One sprint at most: `?sprint=a&sprint=b` is ambiguous, not "the first one".
  if ((c.req.queries("sprint")?.length ?? 0) > 1) throw new ApiProblem(400, "sprint_invalid", { sprint: "sprint_invalid" });
  const query = parseWith(statsQuery, c.req.query());
  const result = await projectStats(c.get("db"), c.get("project").id, query.sprint, c.get("i18n").t);
  if (!result.ok) throw new ApiProblem(404, result.reason);
  return c.json(result.stats);
});
