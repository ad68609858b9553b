/** Field definitions and their options: spec §7 "Fields". */
import { Hono } from "hono";
import { FIELD_MOVES_MAX, createFieldBody, optionInput, reorderBody, updateFieldBody, updateOptionBody } from "../../../domain/fields/schemas";
import { FIELD_TYPES, hasOptions } from "../../../domain/fields/types";
import { readValues } from "../../services/field-values";
import { findTask } from "../../services/tasks";
import { createField, deleteField, fieldView, findField, listFields, reorderFields, updateField } from "../../services/field-definitions";
import { addOption, deleteOption, listOptions, updateOption } from "../../services/field-options";
import { requireUser } from "../middleware";
import { ApiProblem } from "../problem";
import { access, type ProjectEnv } from "../project-access";
import { readBulk, readJson } from "../validate";

const FIELD_ERRORS: Record<string, 400 | 403 | 404 | 409> = {
  options_conflict: 409,
  system_field: 403,
  field_not_found: 404,
  option_not_found: 404,
  field_has_no_options: 400,
  options_too_many: 400,
};

export const fieldRoutes = new Hono<ProjectEnv>()
  .get("/v1/typefields", requireUser, (c) => {
    const t = c.get("i18n").t;
    return c.json(FIELD_TYPES.map((slug) => ({ slug, title: t(`projects:fields.types.${slug}`), options: hasOptions(slug) })));
  })
  .get("/v1/project/:id/fields", access("read"), async (c) => c.json(await listFields(c.get("db"), c.get("project").id, c.get("i18n").t)))
  .post("/v1/project/:id/fields", access("root"), async (c) => {
    const body = await readJson(c, createFieldBody);
    const field = await createField(c.get("db"), c.get("project").id, body);
    return c.json(fieldView(field, c.get("i18n").t), 201);
  })
  .patch("/v1/project/:id/fields", access("root"), async (c) => {
    const body = await readBulk(c, reorderBody, FIELD_MOVES_MAX);
    const db = c.get("db");
    const result = await reorderFields(db, c.get("project").id, body);
    if (!result.ok) throw new ApiProblem(404, "field_not_found");
    return c.json(await listFields(db, c.get("project").id, c.get("i18n").t));
  })
  // The fields a task shows (those permitted on issues) with the task's values. The task must
  // be one of this project's: a guid from another project is not found, never read.
  .get("/v1/project/:id/fields/issue/:issueUid", access("read"), async (c) => {
    const db = c.get("db");
    const task = await findTask(db, c.get("project").id, c.req.param("issueUid"));
    if (!task) throw new ApiProblem(404, "task_not_found");
    const fields = (await listFields(db, c.get("project").id, c.get("i18n").t)).filter((f) => f.entities.some((e) => e.slug === "issue" && e.permission));
    const values = await readValues(db, "issue", [task.id]);
    return c.json({ fields, custom_fields: values.get(task.id) ?? [] });
  })
  .get("/v1/project/:id/fields/:fieldGuid", access("read"), async (c) => {
    const field = await findField(c.get("db"), c.get("project").id, c.req.param("fieldGuid"));
    if (!field) throw new ApiProblem(404, "field_not_found");
    return c.json(fieldView(field, c.get("i18n").t));
  })
  .put("/v1/project/:id/fields/:fieldGuid", access("root"), async (c) => {
    const body = await readJson(c, updateFieldBody);
    const db = c.get("db");
    const field = await findField(db, c.get("project").id, c.req.param("fieldGuid"));
    if (!field) throw new ApiProblem(404, "field_not_found");
    const result = await updateField(db, field, body);
    if (!result.ok) throw new ApiProblem(FIELD_ERRORS[result.reason] ?? 400, result.reason);
    return c.json(fieldView(result.field, c.get("i18n").t));
  })
  .delete("/v1/project/:id/fields/:fieldGuid", access("root"), async (c) => {
    const db = c.get("db");
    const field = await findField(db, c.get("project").id, c.req.param("fieldGuid"));
    if (!field) throw new ApiProblem(404, "field_not_found");
    const result = await deleteField(db, field);
    if (!result.ok) throw new ApiProblem(FIELD_ERRORS[result.reason!] ?? 400, result.reason!);
    return c.body(null, 204);
  })
  .get("/v1/project/:id/fields/:fieldGuid/select", access("read"), async (c) => {
    const field = await findField(c.get("db"), c.get("project").id, c.req.param("fieldGuid"));
    if (!field) throw new ApiProblem(404, "field_not_found");
    const result = listOptions(field);
    if (!result.ok) throw new ApiProblem(FIELD_ERRORS[result.reason] ?? 400, result.reason);
    return c.json(result.options);
  })
  .post("/v1/project/:id/fields/:fieldGuid/select", access("root"), async (c) => {
    const body = await readJson(c, optionInput);
    const db = c.get("db");
    const field = await findField(db, c.get("project").id, c.req.param("fieldGuid"));
    if (!field) throw new ApiProblem(404, "field_not_found");
    const result = await addOption(db, field, body);
    if (!result.ok) throw new ApiProblem(FIELD_ERRORS[result.reason] ?? 400, result.reason);
    return c.json(result.options, 201);
  })
  .put("/v1/project/:id/fields/:fieldGuid/select/:optionGuid", access("root"), async (c) => {
    const body = await readJson(c, updateOptionBody);
    const db = c.get("db");
    const field = await findField(db, c.get("project").id, c.req.param("fieldGuid"));
    if (!field) throw new ApiProblem(404, "field_not_found");
    const result = await updateOption(db, field, c.req.param("optionGuid"), body);
    if (!result.ok) throw new ApiProblem(FIELD_ERRORS[result.reason] ?? 400, result.reason);
    return c.json(result.options);
  })
  .delete("/v1/project/:id/fields/:fieldGuid/select/:optionGuid", access("root"), async (c) => {
    const db = c.get("db");
    const field = await findField(db, c.get("project").id, c.req.param("fieldGuid"));
    if (!field) throw new ApiProblem(404, "field_not_found");
    const result = await deleteOption(db, field, c.req.param("optionGuid"));
    if (!result.ok) throw new ApiProblem(FIELD_ERRORS[result.reason] ?? 400, result.reason);
    return c.json(result.options);
  });
