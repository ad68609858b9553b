/** Tasks, comments, links, labels, files, sprints, lanes, search, activity and statistics. */
import { labelBody, updateLabelBody } from "../../../domain/fields/labels";
import { eventsQuery } from "../../../domain/planning/activity";
import { spacesBody } from "../../../domain/planning/schemas";
import { linkBody } from "../../../domain/planning/links";
import { commentBody, completeSprintBody, createTaskBody, reorderTasksBody, sprintBody, taskGuidsQuery, updateSprintBody, updateTaskBody } from "../../../domain/planning/schemas";
import { searchQuery } from "../../../domain/planning/search";
import { statsQuery } from "../../../domain/stats/schemas";
import { entity as entityQuery } from "../tasks/entity-files";
import type { Operation } from "./registry";

const TASK = { 404: ["task_not_found"] };
const SPRINT = { 404: ["sprint_not_found"] };

export const planningOperations: Operation[] = [
  {
    method: "post", path: "/v1/project/:id/issue", tag: "Tasks", access: "write", summary: "Create a task from field values (a title at least).",
    body: { json: createTaskBody }, ok: { status: 201, description: "The task." }, errors: { 400: ["task_title_required"], 409: ["transition_forbidden"] },
  },
  {
    method: "patch", path: "/v1/project/:id/issue", tag: "Tasks", access: "write", summary: "Reorder tasks (`[{guid, sort, position?}]`).",
    body: { json: reorderTasksBody }, ok: { status: 200, description: "`{ok, written}`." }, errors: TASK,
  },
  { method: "get", path: "/v1/project/:id/issue_backlog", tag: "Tasks", access: "read", summary: "The backlog's tasks.", ok: { status: 200, description: "The tasks." } },
  {
    method: "get", path: "/v1/project/:id/issues", tag: "Tasks", access: "read", query: taskGuidsQuery,
    summary: "The named tasks (1 to 90 guids, comma-separated) with their values, as the board reads them; one in the trash, of another project or of none is left out.",
    ok: { status: 200, description: "The tasks." }, errors: { 400: ["task_guids_invalid"] },
  },
  { method: "get", path: "/v1/project/:id/issue/:taskUid", tag: "Tasks", access: "read", summary: "One task with its values.", ok: { status: 200, description: "The task." }, errors: TASK },
  {
    method: "put", path: "/v1/project/:id/issue/:taskUid", tag: "Tasks", access: "write", summary: "Change a task's values.",
    body: { json: updateTaskBody }, ok: { status: 200, description: "The task." }, errors: { 403: ["backlog_fixed"], 404: ["task_not_found"], 409: ["transition_forbidden"] },
  },
  {
    method: "delete", path: "/v1/project/:id/issue/:taskUid", tag: "Tasks", access: "write",
    summary: "Delete a task: it goes to the trash, restorable for 30 days, then purged with its files.", ok: { status: 204, description: "Deleted." }, errors: TASK,
  },
  {
    method: "post", path: "/v1/project/:id/issue/:taskUid/restore", tag: "Tasks", access: "write", summary: "Undo a task's deletion (while it is in the trash).",
    ok: { status: 200, description: "The task." }, errors: TASK,
  },
  { method: "get", path: "/v1/project/:id/issue/:taskUid/comment", tag: "Comments", access: "read", summary: "A task's comments.", ok: { status: 200, description: "The comments." }, errors: TASK },
  {
    method: "post", path: "/v1/project/:id/issue/:taskUid/comment", tag: "Comments", access: "write", summary: "Comment on a task.",
    body: { json: commentBody }, ok: { status: 201, description: "The comment." }, errors: TASK,
  },
  {
    method: "put", path: "/v1/project/:id/issue/:taskUid/comment/:commentGuid", tag: "Comments", access: "write", accessNote: "Only the comment's author.",
    summary: "Edit one's own comment.", body: { json: commentBody }, ok: { status: 200, description: "The comment." }, errors: { 404: ["comment_not_found"] },
  },
  {
    method: "delete", path: "/v1/project/:id/issue/:taskUid/comment/:commentGuid", tag: "Comments", access: "write", accessNote: "The comment's author or a root.",
    summary: "Delete a comment.", ok: { status: 204, description: "Deleted." }, errors: { 404: ["comment_not_found"] },
  },
  { method: "get", path: "/v1/project/:id/issue/:issueUid/issues", tag: "Tasks", access: "read", summary: "A task's links to other tasks.", ok: { status: 200, description: "The links." }, errors: TASK },
  {
    method: "post", path: "/v1/project/:id/issue/:issueUid/issues", tag: "Tasks", access: "write", summary: "Link a task to another task of the project.",
    body: { json: linkBody }, ok: { status: 201, description: "The link." }, errors: { 400: ["link_self", "task_unknown"], 404: ["task_not_found"], 409: ["link_exists", "link_cycle", "link_parent_exists"] },
  },
  {
    method: "delete", path: "/v1/project/:id/issue/:issueUid/issues/:linkGuid", tag: "Tasks", access: "write", summary: "Remove a link between tasks.",
    ok: { status: 204, description: "Removed." }, errors: { 404: ["task_not_found", "link_not_found"] },
  },
  {
    method: "get", path: "/v1/project/:id/issue/:issueUid/events", tag: "Activity", access: "read", summary: "A task's activity, newest first.",
    query: eventsQuery, ok: { status: 200, description: "`{results, next}`." }, errors: TASK,
  },
  { method: "get", path: "/v1/project/:id/events", tag: "Activity", access: "read", summary: "The project's activity, newest first.", query: eventsQuery, ok: { status: 200, description: "`{results, next}`." } },
  {
    method: "get", path: "/v1/project/:id/issuesearch/data", tag: "Tasks", access: "read", summary: "Search tasks by number or words.",
    query: searchQuery, ok: { status: 200, description: "`{count, results}`." },
  },
  { method: "get", path: "/v1/project/:id/labels", tag: "Labels", access: "read", summary: "The project's labels.", ok: { status: 200, description: "The labels." } },
  {
    method: "post", path: "/v1/project/:id/labels", tag: "Labels", access: "write", summary: "Create a label.",
    body: { json: labelBody }, ok: { status: 201, description: "The label." }, errors: { 400: ["options_too_many"], 409: ["label_exists", "options_conflict"] },
  },
  {
    method: "put", path: "/v1/project/:id/labels/:guid", tag: "Labels", access: "write", summary: "Rename or recolour a label.",
    body: { json: updateLabelBody }, ok: { status: 200, description: "The label." }, errors: { 404: ["label_not_found"], 409: ["label_exists", "options_conflict"] },
  },
  { method: "delete", path: "/v1/project/:id/labels/:guid", tag: "Labels", access: "write", summary: "Delete a label; tasks lose it.", ok: { status: 204, description: "Deleted." }, errors: { 404: ["label_not_found"] } },
  {
    method: "post", path: "/v1/project/:id/entity-file", tag: "Files", access: "write", summary: "Attach a file to a task.",
    body: { multipart: { entity_kind: { kind: "text", required: true, description: "`issue`." }, entity_guid: { kind: "text", required: true, description: "The task's guid." }, file: { kind: "file", required: true } } },
    ok: { status: 201, description: "The file." }, errors: { 400: ["file_required", "file_empty"], 404: ["task_not_found"], 413: ["file_too_large"], 415: ["file_type_refused"] },
  },
  {
    method: "get", path: "/v1/project/:id/entity-file", tag: "Files", access: "read", summary: "The files of a task.",
    query: entityQuery, ok: { status: 200, description: "The files." }, errors: TASK,
  },
  { method: "get", path: "/v1/project/:id/entity-file/:guid", tag: "Files", access: "read", summary: "Download a file.", ok: { status: 200, description: "The file.", media: "application/octet-stream" }, errors: { 404: ["file_not_found"] } },
  {
    method: "delete", path: "/v1/project/:id/entity-file/:guid", tag: "Files", access: "write", accessNote: "The uploader or a root.",
    summary: "Delete a file.", ok: { status: 204, description: "Deleted." }, errors: { 404: ["file_not_found"] },
  },
  { method: "get", path: "/v1/project/:id/sprint", tag: "Sprints", access: "read", summary: "The board's sprints.", ok: { status: 200, description: "The sprints." } },
  { method: "post", path: "/v1/project/:id/sprint", tag: "Sprints", access: "write", summary: "Create a sprint.", body: { json: sprintBody }, ok: { status: 201, description: "The sprint." } },
  { method: "get", path: "/v1/project/:id/sprint_archive", tag: "Sprints", access: "read", summary: "Archived sprints.", ok: { status: 200, description: "The sprints." } },
  { method: "get", path: "/v1/project/:id/sprint/:sprintGuid", tag: "Sprints", access: "read", summary: "One sprint.", ok: { status: 200, description: "The sprint." }, errors: SPRINT },
  {
    method: "put", path: "/v1/project/:id/sprint/:sprintGuid", tag: "Sprints", access: "write", summary: "Change a sprint.",
    body: { json: updateSprintBody }, ok: { status: 200, description: "The sprint." }, errors: { 403: ["backlog_fixed"], 404: ["sprint_not_found"] },
  },
  {
    method: "post", path: "/v1/project/:id/sprint/:sprintGuid/complete", tag: "Sprints", access: "write", summary: "Complete a sprint, moving its unfinished tasks.",
    body: { json: completeSprintBody }, ok: { status: 200, description: "`{sprint, moved, to}`." }, errors: { 404: ["sprint_not_found"], 409: ["sprint_already_completed"] },
  },
  { method: "delete", path: "/v1/project/:id/sprint/:sprintGuid", tag: "Sprints", access: "write", summary: "Delete a sprint; its tasks go to the backlog.", ok: { status: 204, description: "Deleted." }, errors: { 403: ["backlog_fixed"], 404: ["sprint_not_found"] } },
  {
    method: "patch", path: "/v1/project/:id/spaces", tag: "Sprints", access: "write", summary: "Reorder the planning board's sprint lanes.",
    body: { json: spacesBody }, ok: { status: 200, description: "`{written, sprints}`." }, errors: { 403: ["backlog_fixed"], 404: ["sprint_not_found"], 409: ["sprint_archived"] },
  },
  {
    method: "get", path: "/v1/project/:id/stats", tag: "Statistics", access: "read", summary: "Burndown, tasks per status and assignee, estimate per sprint.",
    query: statsQuery, ok: { status: 200, description: "The statistics." }, errors: { 404: ["sprint_not_found"] },
  },
];
