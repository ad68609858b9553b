/** Labels: the options of the tasks' `tags` field (`/labels`, spec §7 "Tasks"). */
import { Hono } from "hono";
import { labelBody, updateLabelBody } from "../../../domain/fields/labels";
import { optionsOf } from "../../services/field-definitions";
import { createLabel, deleteLabel, listLabels, tagsField, tasksWithLabel, updateLabel } from "../../services/labels";
import { ApiProblem } from "../problem";
import { access, type ProjectEnv } from "../project-access";
import { readJson } from "../validate";
import { tasksChanged } from "./publish";

const STATUS: Record<string, 400 | 404 | 409> = { label_exists: 409, label_not_found: 404, options_conflict: 409, options_too_many: 400 };

function refuse(reason: string): never {
  throw new ApiProblem(STATUS[reason] ?? 400, reason, reason === "label_exists" ? { value: reason } : undefined);
}

export const labelRoutes = new Hono<ProjectEnv>()
  .get("/v1/project/:id/labels", access("read"), async (c) => {
    const field = await tagsField(c.get("db"), c.get("project").id, c.get("i18n").t);
    return c.json(await listLabels(c.get("db"), field, optionsOf(field)));
  })
  .post("/v1/project/:id/labels", access("write"), async (c) => {
    const body = await readJson(c, labelBody);
    const field = await tagsField(c.get("db"), c.get("project").id, c.get("i18n").t);
    const result = await createLabel(c.get("db"), field, body);
    if (!result.ok) refuse(result.reason);
    // No task carries a new label yet; open pages still refresh their label pickers.
    await tasksChanged(c, []);
    return c.json(result.label, 201);
  })
  .put("/v1/project/:id/labels/:guid", access("write"), async (c) => {
    const body = await readJson(c, updateLabelBody);
    const db = c.get("db");
    const field = await tagsField(db, c.get("project").id, c.get("i18n").t);
    const result = await updateLabel(db, field, c.req.param("guid"), body);
    if (!result.ok) refuse(result.reason);
    await tasksChanged(c, await tasksWithLabel(db, field, result.label.guid));
    return c.json(result.label);
  })
  .delete("/v1/project/:id/labels/:guid", access("write"), async (c) => {
    const field = await tagsField(c.get("db"), c.get("project").id, c.get("i18n").t);
    const result = await deleteLabel(c.get("db"), field, c.req.param("guid"), c.get("user")!.id);
    if (!result.ok) refuse(result.reason);
    await tasksChanged(c, result.tasks);
    return c.body(null, 204);
  });
