/** The order of the planning board's sprint lanes: `PATCH /spaces [{guid, sort}]` (spec §7 "Tasks"). */
import { Hono } from "hono";
import { SPACE_MOVES_MAX, spacesBody } from "../../../domain/planning/schemas";
import { reorderSpaces } from "../../services/spaces";
import { sprintView } from "../../services/sprints";
import { ApiProblem } from "../problem";
import { access, type ProjectEnv } from "../project-access";
import { readBulk } from "../validate";
import { sprintsChanged } from "./publish";

const STATUS = { sprint_not_found: 404, backlog_fixed: 403, sprint_archived: 409 } as const;

export const spaceRoutes = new Hono<ProjectEnv>().patch("/v1/project/:id/spaces", access("write"), async (c) => {
  const body = await readBulk(c, spacesBody, SPACE_MOVES_MAX);
  const result = await reorderSpaces(c.get("db"), c.get("project").id, body);
  if (!result.ok) throw new ApiProblem(STATUS[result.reason], result.reason);
  if (result.written > 0) await sprintsChanged(c);
  return c.json({ written: result.written, sprints: result.sprints.map((s) => sprintView(s, c.get("i18n").t)) });
});
