/** The project's activity log: `GET /events` and `GET /issue/{issueUid}/events` (shared contract). */
import { Hono } from "hono";
import { eventsQuery } from "../../../domain/planning/activity";
import { listActivity } from "../../services/activity";
import { findTask } from "../../services/tasks";
import { ApiProblem } from "../problem";
import { access, type ProjectEnv } from "../project-access";
import { parseWith } from "../validate";

export const eventRoutes = new Hono<ProjectEnv>()
  .get("/v1/project/:id/events", access("read"), async (c) => {
    const query = parseWith(eventsQuery, c.req.query());
    return c.json(await listActivity(c.get("db"), c.get("project").id, query));
  })
  .get("/v1/project/:id/issue/:issueUid/events", access("read"), async (c) => {
    const { limit, before } = parseWith(eventsQuery, c.req.query());
    const task = await findTask(c.get("db"), c.get("project").id, c.req.param("issueUid"));
    if (!task) throw new ApiProblem(404, "task_not_found");
    return c.json(await listActivity(c.get("db"), c.get("project").id, { limit, before, entity: task.id, entityKind: "issue" }));
  });
