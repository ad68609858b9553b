/** Tasks and sprints: spec §7 "Tasks" (the planning views build on these). */
import { type Context, Hono } from "hono";
import { TASK_MOVES_MAX, commentBody, completeSprintBody, createTaskBody, reorderTasksBody, sprintBody, taskGuidsQuery, updateSprintBody, updateTaskBody } from "../../../domain/planning/schemas";
import { addComment, deleteComment, editComment, findComment, listComments } from "../../services/comments";
import { publishToProject } from "../../services/live";
import { backlogTasks } from "../../services/board";
import { archivedSprints, boardSprints, createSprint, deleteSprint, findSprint, sprintView, teamInProject, updateSprint } from "../../services/sprints";
import { completeSprint } from "../../services/sprint-complete";
import { deleteTask, findDeletedTask, restoreTask, roomsFollowTrash } from "../../services/task-trash";
import { createTask, findTask, reorderTasks, taskViews, tasksByGuids, updateTask } from "../../services/tasks";
import { ApiProblem } from "../problem";
import { access, type ProjectEnv } from "../project-access";
import { sprintsChanged, tasksChanged } from "./publish";
import { parseWith, readBulk, readJson } from "../validate";

const STATUS: Record<string, 400 | 403 | 404 | 409> = { backlog_fixed: 403, transition_forbidden: 409, task_not_found: 404, sprint_already_completed: 409 };

function refuse(result: { reason: string; index?: number }): never {
  throw new ApiProblem(STATUS[result.reason] ?? 400, result.reason, result.index !== undefined ? { [`custom_fields.${result.index}`]: result.reason } : undefined);
}

/** Tells the project's open pages that a task's comments changed (after the write, like `./publish.ts`). */
const commentsChanged = (c: Context<ProjectEnv>, task: string) =>
  publishToProject(c.env, c.get("project").id, { type: "comments_changed", project: c.get("project").id, task, by: c.get("user")!.id, at: Date.now() });

export const taskRoutes = new Hono<ProjectEnv>()
  .post("/v1/project/:id/issue", access("write"), async (c) => {
    const body = await readJson(c, createTaskBody);
    const result = await createTask(c.env, c.get("db"), c.get("project").id, c.get("user")!.id, body.custom_fields, c.get("i18n").t);
    if (!result.ok) refuse(result);
    await tasksChanged(c, [result.task.guid]);
    return c.json(result.task, 201);
  })
  .patch("/v1/project/:id/issue", access("write"), async (c) => {
    const body = await readBulk(c, reorderTasksBody, TASK_MOVES_MAX);
    const result = await reorderTasks(c.get("db"), c.get("project").id, body);
    if (!result.ok) throw new ApiProblem(404, "task_not_found");
    if (result.written > 0) await tasksChanged(c, body.map((m) => m.guid));
    return c.json({ ok: true, written: result.written });
  })
  .get("/v1/project/:id/issue_backlog", access("read"), async (c) => c.json(await backlogTasks(c.get("db"), c.get("project").id, c.get("i18n").t)))
  .get("/v1/project/:id/issues", access("read"), async (c) => c.json(await tasksByGuids(c.get("db"), c.get("project").id, parseWith(taskGuidsQuery, c.req.query()).guids)))
  .get("/v1/project/:id/issue/:taskUid", access("read"), async (c) => {
    const task = await findTask(c.get("db"), c.get("project").id, c.req.param("taskUid"));
    if (!task) throw new ApiProblem(404, "task_not_found");
    return c.json((await taskViews(c.get("db"), [task]))[0]);
  })
  .put("/v1/project/:id/issue/:taskUid", access("write"), async (c) => {
    const body = await readJson(c, updateTaskBody);
    const db = c.get("db");
    const task = await findTask(db, c.get("project").id, c.req.param("taskUid"));
    if (!task) throw new ApiProblem(404, "task_not_found");
    const result = await updateTask(c.env, db, task, c.get("user")!.id, body.custom_fields, body.filter_custom_fields);
    if (!result.ok) refuse(result);
    if (body.custom_fields.length > 0) await tasksChanged(c, [task.id]);
    return c.json(result.task);
  })
  .get("/v1/project/:id/issue/:taskUid/comment", access("read"), async (c) => {
    const task = await findTask(c.get("db"), c.get("project").id, c.req.param("taskUid"));
    if (!task) throw new ApiProblem(404, "task_not_found");
    return c.json(await listComments(c.get("db"), task));
  })
  .post("/v1/project/:id/issue/:taskUid/comment", access("write"), async (c) => {
    const body = await readJson(c, commentBody);
    const task = await findTask(c.get("db"), c.get("project").id, c.req.param("taskUid"));
    if (!task) throw new ApiProblem(404, "task_not_found");
    const comment = await addComment(c.env, c.get("db"), c.get("project"), task, c.get("user")!, body.text);
    await commentsChanged(c, task.id);
    return c.json(comment, 201);
  })
  .put("/v1/project/:id/issue/:taskUid/comment/:commentGuid", access("write"), async (c) => {
    const body = await readJson(c, commentBody);
    const db = c.get("db");
    const task = await findTask(db, c.get("project").id, c.req.param("taskUid"));
    const comment = task ? await findComment(db, task, c.req.param("commentGuid")) : undefined;
    if (!task || !comment) throw new ApiProblem(404, "comment_not_found");
    const result = await editComment(c.env, db, c.get("project"), task, c.get("user")!, comment, body.text);
    if (!result.ok) throw new ApiProblem(403, result.reason);
    await commentsChanged(c, task.id);
    return c.json(result.comment);
  })
  .delete("/v1/project/:id/issue/:taskUid/comment/:commentGuid", access("write"), async (c) => {
    const db = c.get("db");
    const task = await findTask(db, c.get("project").id, c.req.param("taskUid"));
    const comment = task ? await findComment(db, task, c.req.param("commentGuid")) : undefined;
    if (!task || !comment) throw new ApiProblem(404, "comment_not_found");
    const mine = c.get("participant");
    const result = await deleteComment(db, c.get("user")!.id, mine.root && mine.isVerifications, comment);
    if (!result.ok) throw new ApiProblem(403, result.reason);
    await commentsChanged(c, task.id);
    return c.body(null, 204);
  })
  .delete("/v1/project/:id/issue/:taskUid", access("write"), async (c) => {
    const task = await findTask(c.get("db"), c.get("project").id, c.req.param("taskUid"));
    if (!task) throw new ApiProblem(404, "task_not_found");
    await deleteTask(c.get("db"), task, c.get("user")!.id);
    await Promise.all([tasksChanged(c, [task.id]), roomsFollowTrash(c.env, c.get("db"), task.projectId, task.id, true)]);
    return c.body(null, 204);
  })
  // Undo of a deletion: the same right as deleting, and the same live message, so every open
  // board reads its tasks again and sees the task come back.
  .post("/v1/project/:id/issue/:taskUid/restore", access("write"), async (c) => {
    const task = await findDeletedTask(c.get("db"), c.get("project").id, c.req.param("taskUid"));
    if (!task) throw new ApiProblem(404, "task_not_found");
    await restoreTask(c.get("db"), task, c.get("user")!.id);
    await Promise.all([tasksChanged(c, [task.id]), roomsFollowTrash(c.env, c.get("db"), task.projectId, task.id, false)]);
    return c.json((await taskViews(c.get("db"), [{ ...task, deletedAt: null }]))[0]);
  })
  .get("/v1/project/:id/sprint", access("read"), async (c) => c.json((await boardSprints(c.get("db"), c.get("project").id)).map((s) => sprintView(s, c.get("i18n").t))))
  .post("/v1/project/:id/sprint", access("write"), async (c) => {
    const body = await readJson(c, sprintBody);
    if (!(await teamInProject(c.get("db"), c.get("project").id, body.availability))) throw new ApiProblem(400, "sprint_availability_invalid");
    const sprint = await createSprint(c.get("db"), c.get("project").id, body, c.get("user")!.id);
    await sprintsChanged(c);
    return c.json(sprintView(sprint, c.get("i18n").t), 201);
  })
  .get("/v1/project/:id/sprint_archive", access("read"), async (c) => c.json((await archivedSprints(c.get("db"), c.get("project").id)).map((s) => sprintView(s, c.get("i18n").t))))
  .get("/v1/project/:id/sprint/:sprintGuid", access("read"), async (c) => {
    const sprint = await findSprint(c.get("db"), c.get("project").id, c.req.param("sprintGuid"));
    if (!sprint) throw new ApiProblem(404, "sprint_not_found");
    return c.json(sprintView(sprint, c.get("i18n").t));
  })
  .put("/v1/project/:id/sprint/:sprintGuid", access("write"), async (c) => {
    const body = await readJson(c, updateSprintBody);
    const sprint = await findSprint(c.get("db"), c.get("project").id, c.req.param("sprintGuid"));
    if (!sprint) throw new ApiProblem(404, "sprint_not_found");
    if (!(await teamInProject(c.get("db"), c.get("project").id, body.availability))) throw new ApiProblem(400, "sprint_availability_invalid");
    const result = await updateSprint(c.get("db"), sprint, body, c.get("user")!.id);
    if (!result.ok) refuse(result);
    await sprintsChanged(c);
    return c.json(sprintView(result.sprint, c.get("i18n").t));
  })
  .post("/v1/project/:id/sprint/:sprintGuid/complete", access("write"), async (c) => {
    const body = await readJson(c, completeSprintBody);
    const sprint = await findSprint(c.get("db"), c.get("project").id, c.req.param("sprintGuid"));
    if (!sprint) throw new ApiProblem(404, "sprint_not_found");
    const result = await completeSprint(c.get("db"), sprint, { moveTo: body.move_to, archive: body.archive }, c.get("user")!.id, c.get("i18n").t);
    if (!result.ok) refuse(result);
    await sprintsChanged(c);
    if (result.moved.length > 0) await tasksChanged(c, result.moved);
    return c.json({ sprint: sprintView(result.sprint, c.get("i18n").t), moved: result.moved, to: result.to });
  })
  .delete("/v1/project/:id/sprint/:sprintGuid", access("write"), async (c) => {
    const sprint = await findSprint(c.get("db"), c.get("project").id, c.req.param("sprintGuid"));
    if (!sprint) throw new ApiProblem(404, "sprint_not_found");
    const result = await deleteSprint(c.get("db"), sprint);
    if (!result.ok) refuse({ reason: result.reason! });
    await sprintsChanged(c);
    return c.body(null, 204);
  });
