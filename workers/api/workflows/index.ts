/**
 * Workflows of a project (settings → workflow; the spec shows only the page
 * `/settings/workflow/{workflowGuid}`, these calls serve it).
 */
import { Hono } from "hono";
import { updateWorkflowBody, workflowBody } from "../../../domain/fields/workflow";
import { createWorkflow, deleteWorkflow, getWorkflow, listWorkflows, updateWorkflow } from "../../services/workflows";
import { ApiProblem } from "../problem";
import { access, type ProjectEnv } from "../project-access";
import { readJson } from "../validate";

const STATUS: Record<string, 400 | 404 | 409> = { field_not_found: 400, workflow_field_invalid: 400, workflow_exists: 409, workflow_not_found: 404 };

export const workflowRoutes = new Hono<ProjectEnv>()
  .get("/v1/project/:id/workflow", access("read"), async (c) => c.json(await listWorkflows(c.get("db"), c.get("project").id)))
  .post("/v1/project/:id/workflow", access("root"), async (c) => {
    const body = await readJson(c, workflowBody);
    const result = await createWorkflow(c.get("db"), c.get("project").id, body);
    if (!result.ok) throw new ApiProblem(STATUS[result.reason] ?? 400, result.reason);
    return c.json(result.workflow, 201);
  })
  .get("/v1/project/:id/workflow/:workflowGuid", access("read"), async (c) => {
    const workflow = await getWorkflow(c.get("db"), c.get("project").id, c.req.param("workflowGuid"));
    if (!workflow) throw new ApiProblem(404, "workflow_not_found");
    return c.json(workflow);
  })
  .put("/v1/project/:id/workflow/:workflowGuid", access("root"), async (c) => {
    const body = await readJson(c, updateWorkflowBody);
    const result = await updateWorkflow(c.get("db"), c.get("project").id, c.req.param("workflowGuid"), body);
    if (!result.ok) throw new ApiProblem(STATUS[result.reason] ?? 400, result.reason);
    return c.json(result.workflow);
  })
  .delete("/v1/project/:id/workflow/:workflowGuid", access("root"), async (c) => {
    if (!(await deleteWorkflow(c.get("db"), c.get("project").id, c.req.param("workflowGuid")))) throw new ApiProblem(404, "workflow_not_found");
    return c.body(null, 204);
  });
