/** Task search: `GET /issuesearch/data?query=&limit=&offset=` (spec §7 "Tasks"). */
import { Hono } from "hono";
import { parseSearchQuery, searchQuery } from "../../../domain/planning/search";
import { searchTasks } from "../../services/search";
import { access, type ProjectEnv } from "../project-access";
import { parseWith } from "../validate";

export const taskSearchRoutes = new Hono<ProjectEnv>().get("/v1/project/:id/issuesearch/data", access("read"), async (c) => {
  const { query, limit, offset } = parseWith(searchQuery, c.req.query());
  return c.json(await searchTasks(c.get("db"), c.get("project").id, parseSearchQuery(query), { limit, offset }));
});
