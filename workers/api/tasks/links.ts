/** Links between tasks: `/issue/{issueUid}/issues` (spec §7 "Tasks"). */
import { Hono } from "hono";
import { linkBody } from "../../../domain/planning/links";
import { addLink, listLinks, removeLink } from "../../services/links";
import { findTask } from "../../services/tasks";
import { ApiProblem } from "../problem";
import { access, type ProjectEnv } from "../project-access";
import { readJson } from "../validate";
import { tasksChanged } from "./publish";

const STATUS = { link_self: 400, task_unknown: 400, link_exists: 409, link_cycle: 409, link_parent_exists: 409 } as const;

export const taskLinkRoutes = new Hono<ProjectEnv>()
  .get("/v1/project/:id/issue/:issueUid/issues", access("read"), async (c) => {
    const task = await findTask(c.get("db"), c.get("project").id, c.req.param("issueUid"));
    if (!task) throw new ApiProblem(404, "task_not_found");
    return c.json(await listLinks(c.get("db"), task));
  })
  .post("/v1/project/:id/issue/:issueUid/issues", access("write"), async (c) => {
    const body = await readJson(c, linkBody);
    const task = await findTask(c.get("db"), c.get("project").id, c.req.param("issueUid"));
    if (!task) throw new ApiProblem(404, "task_not_found");
    const result = await addLink(c.get("db"), task, body.issue, body.kind, c.get("user")!.id);
    if (!result.ok) throw new ApiProblem(STATUS[result.reason], result.reason, result.reason === "task_unknown" || result.reason === "link_self" ? { issue: result.reason } : undefined);
    await tasksChanged(c, [task.id, result.other]);
    return c.json(result.link, 201);
  })
  .delete("/v1/project/:id/issue/:issueUid/issues/:linkGuid", access("write"), async (c) => {
    const task = await findTask(c.get("db"), c.get("project").id, c.req.param("issueUid"));
    if (!task) throw new ApiProblem(404, "task_not_found");
    const result = await removeLink(c.get("db"), task, c.req.param("linkGuid"), c.get("user")!.id);
    if (!result.ok) throw new ApiProblem(404, "link_not_found");
    await tasksChanged(c, [task.id, result.other]);
    return c.body(null, 204);
  });
