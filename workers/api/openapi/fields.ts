/** Fields, their options, hints, saved filters, view mappings and workflows. */
import { boardQueryBody, saveFilterBody } from "../../../domain/fields/filter-schemas";
import { hintsBody, hintsQuery } from "../../../domain/fields/hints";
import { createFieldBody, optionInput, reorderBody, updateFieldBody, updateOptionBody } from "../../../domain/fields/schemas";
import { postMappingBody, putMappingBody } from "../../../domain/fields/views";
import { updateWorkflowBody, workflowBody } from "../../../domain/fields/workflow";
import type { Operation } from "./registry";

const FIELD = { 404: ["field_not_found"] };
const FIELD_RULES = { 400: ["field_has_no_options", "options_too_many"], 403: ["system_field"], 404: ["field_not_found", "option_not_found"], 409: ["options_conflict"] };

export const fieldOperations: Operation[] = [
  { method: "get", path: "/v1/typefields", tag: "Fields", access: "signed-in", summary: "The field types a field can have.", ok: { status: 200, description: "`[{slug, title, options}]`." } },
  { method: "get", path: "/v1/project/:id/fields", tag: "Fields", access: "read", summary: "The project's fields, system fields included.", ok: { status: 200, description: "The fields." } },
  {
    method: "post", path: "/v1/project/:id/fields", tag: "Fields", access: "root", summary: "Create a field.",
    body: { json: createFieldBody }, ok: { status: 201, description: "The field." },
  },
  {
    method: "patch", path: "/v1/project/:id/fields", tag: "Fields", access: "root", summary: "Reorder fields.",
    body: { json: reorderBody }, ok: { status: 200, description: "The fields." }, errors: FIELD,
  },
  {
    method: "get", path: "/v1/project/:id/fields/issue/:issueUid", tag: "Fields", access: "read",
    summary: "The fields a task shows, with the task's values.", ok: { status: 200, description: "`{fields, custom_fields}`." }, errors: { 404: ["task_not_found"] },
  },
  { method: "get", path: "/v1/project/:id/fields/:fieldGuid", tag: "Fields", access: "read", summary: "One field.", ok: { status: 200, description: "The field." }, errors: FIELD },
  {
    method: "put", path: "/v1/project/:id/fields/:fieldGuid", tag: "Fields", access: "root", summary: "Change a field.",
    body: { json: updateFieldBody }, ok: { status: 200, description: "The field." }, errors: FIELD_RULES,
  },
  { method: "delete", path: "/v1/project/:id/fields/:fieldGuid", tag: "Fields", access: "root", summary: "Delete a field and its values.", ok: { status: 204, description: "Deleted." }, errors: FIELD_RULES },
  { method: "get", path: "/v1/project/:id/fields/:fieldGuid/select", tag: "Fields", access: "read", summary: "A field's options.", ok: { status: 200, description: "The options." }, errors: FIELD_RULES },
  {
    method: "post", path: "/v1/project/:id/fields/:fieldGuid/select", tag: "Fields", access: "root", summary: "Add an option to a field.",
    body: { json: optionInput }, ok: { status: 201, description: "The options." }, errors: FIELD_RULES,
  },
  {
    method: "put", path: "/v1/project/:id/fields/:fieldGuid/select/:optionGuid", tag: "Fields", access: "root", summary: "Change an option.",
    body: { json: updateOptionBody }, ok: { status: 200, description: "The options." }, errors: FIELD_RULES,
  },
  { method: "delete", path: "/v1/project/:id/fields/:fieldGuid/select/:optionGuid", tag: "Fields", access: "root", summary: "Delete an option.", ok: { status: 200, description: "The options left." }, errors: FIELD_RULES },
  {
    method: "post", path: "/v1/project/:id/hints", tag: "Fields", access: "read", summary: "Suggestions while typing (field values, people, tasks), paged.",
    query: hintsQuery, body: { json: hintsBody }, ok: { status: 200, description: "`{count, limit, offset, results}`." },
  },
  { method: "get", path: "/v3/project/:id/filters", tag: "Views", access: "read", summary: "The caller's and the shared saved filters.", ok: { status: 200, description: "The filters." } },
  {
    method: "put", path: "/v3/project/:id/filters", tag: "Views", access: "read", accessNote: "Each participant saves their own filters.",
    summary: "Save a filter (a new one without `guid`).", body: { json: saveFilterBody }, ok: { status: 200, description: "The filter (201 when new)." }, errors: { 404: ["filter_not_found"] },
  },
  {
    method: "post", path: "/v3/project/:id/filters", tag: "Views", access: "read", summary: "The planning board, narrowed by conditions or a saved filter.",
    body: { json: boardQueryBody }, ok: { status: 200, description: "The board's sprints and tasks." }, errors: { 404: ["filter_not_found"] },
  },
  { method: "delete", path: "/v3/project/:id/filters/:filterGuid", tag: "Views", access: "read", summary: "Delete one of the caller's saved filters.", ok: { status: 204, description: "Deleted." }, errors: { 404: ["filter_not_found"] } },
  { method: "get", path: "/v3/project/:id/customfields", tag: "Views", access: "read", summary: "Which fields the board lines and cards show.", ok: { status: 200, description: "The mapping." } },
  {
    method: "put", path: "/v3/project/:id/customfields", tag: "Views", access: "root", summary: "Replace the views mapping.",
    body: { json: putMappingBody }, ok: { status: 200, description: "The mapping." }, errors: { 400: ["field_not_found"] },
  },
  {
    method: "post", path: "/v3/project/:id/customfields", tag: "Views", access: "root", summary: "Add a field to one view.",
    body: { json: postMappingBody }, ok: { status: 201, description: "The mapping." }, errors: { 400: ["field_not_found"] },
  },
  { method: "get", path: "/v1/project/:id/workflow", tag: "Workflows", access: "read", summary: "The project's workflows.", ok: { status: 200, description: "The workflows." } },
  {
    method: "post", path: "/v1/project/:id/workflow", tag: "Workflows", access: "root", summary: "Create a workflow for a status-like field.",
    body: { json: workflowBody }, ok: { status: 201, description: "The workflow." }, errors: { 400: ["field_not_found", "workflow_field_invalid"], 409: ["workflow_exists"] },
  },
  { method: "get", path: "/v1/project/:id/workflow/:workflowGuid", tag: "Workflows", access: "read", summary: "One workflow.", ok: { status: 200, description: "The workflow." }, errors: { 404: ["workflow_not_found"] } },
  {
    method: "put", path: "/v1/project/:id/workflow/:workflowGuid", tag: "Workflows", access: "root", summary: "Change a workflow.",
    body: { json: updateWorkflowBody }, ok: { status: 200, description: "The workflow." }, errors: { 404: ["workflow_not_found"] },
  },
  { method: "delete", path: "/v1/project/:id/workflow/:workflowGuid", tag: "Workflows", access: "root", summary: "Delete a workflow.", ok: { status: 204, description: "Deleted." }, errors: { 404: ["workflow_not_found"] } },
];
