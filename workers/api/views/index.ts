/**
 * v3 of spec §7 "Filters and fields": saved filters (`/filters`) and the views mapping
 * (`/customfields`); `POST /filters` answers the planning sprints (the board).
 */
import { type Context, Hono } from "hono";
import { boardQueryBody, saveFilterBody } from "../../../domain/fields/filter-schemas";
import { planningBoard } from "../../services/board";
import { postMappingBody, putMappingBody } from "../../../domain/fields/views";
import { addToMapping, deleteFilter, listFilters, readMapping, replaceMapping, saveFilter, unknownConditionField } from "../../services/views";
import { ApiProblem } from "../problem";
import { access, type ProjectEnv } from "../project-access";
import { readJson } from "../validate";
import { publishToProject } from "../../services/live";

/** Where a refused condition sits in the body: `conditions.2.field` when its field is unknown. */
const conditionPath = (r: { reason: string; index?: number }) => `conditions.${r.index}${r.reason === "filter_field_unknown" ? ".field" : ""}`;

/** Open boards redraw their lines and cards after the mapping changed. */
const viewsChanged = (c: Context<ProjectEnv>) =>
  publishToProject(c.env, c.get("project").id, { type: "views_changed", project: c.get("project").id, by: c.get("user")!.id, at: Date.now() });

export const viewRoutes = new Hono<ProjectEnv>()
  .get("/v3/project/:id/filters", access("read"), async (c) => c.json(await listFilters(c.get("db"), c.get("project").id, c.get("user")!.id)))
  .put("/v3/project/:id/filters", access("read"), async (c) => {
    const body = await readJson(c, saveFilterBody);
    const result = await saveFilter(c.get("db"), c.get("project").id, c.get("user")!.id, body);
    if (!result.ok) {
      const status = result.reason === "filter_not_found" ? 404 : result.reason === "filters_too_many" ? 409 : 400;
      throw new ApiProblem(status, result.reason, result.index !== undefined ? { [conditionPath(result)]: result.reason } : undefined);
    }
    return c.json(result.filter, body.guid ? 200 : 201);
  })
  // The planning sprints (spec §7): the board, narrowed by filter conditions or a saved filter.
  .post("/v3/project/:id/filters", access("read"), async (c) => {
    const body = await readJson(c, boardQueryBody);
    const db = c.get("db");
    // A condition on a field the project does not have would silently match nothing (or all).
    const unknown = await unknownConditionField(db, c.get("project").id, body.conditions);
    if (unknown) throw new ApiProblem(400, unknown.reason, { [conditionPath(unknown)]: unknown.reason });
    let conditions = body.conditions;
    if (body.filter) {
      const saved = (await listFilters(db, c.get("project").id, c.get("user")!.id)).find((f) => f.guid === body.filter);
      if (!saved) throw new ApiProblem(404, "filter_not_found");
      conditions = [...saved.conditions, ...conditions];
    }
    return c.json(await planningBoard(db, c.get("project").id, c.get("i18n").t, { conditions, withArchived: body.archived }));
  })
  .delete("/v3/project/:id/filters/:filterGuid", access("read"), async (c) => {
    if (!(await deleteFilter(c.get("db"), c.get("project").id, c.get("user")!.id, c.req.param("filterGuid")))) throw new ApiProblem(404, "filter_not_found");
    return c.body(null, 204);
  })
  .get("/v3/project/:id/customfields", access("read"), async (c) => c.json(await readMapping(c.get("db"), c.get("project").id, c.get("i18n").t)))
  .put("/v3/project/:id/customfields", access("root"), async (c) => {
    const body = await readJson(c, putMappingBody);
    if (!(await replaceMapping(c.get("db"), c.get("project").id, body)).ok) throw new ApiProblem(400, "field_not_found");
    await viewsChanged(c);
    return c.json(await readMapping(c.get("db"), c.get("project").id, c.get("i18n").t));
  })
  .post("/v3/project/:id/customfields", access("root"), async (c) => {
    const body = await readJson(c, postMappingBody);
    const { view, ...entry } = body;
    if (!(await addToMapping(c.get("db"), c.get("project").id, c.get("i18n").t, view, entry)).ok) throw new ApiProblem(400, "field_not_found");
    await viewsChanged(c);
    return c.json(await readMapping(c.get("db"), c.get("project").id, c.get("i18n").t), 201);
  });
