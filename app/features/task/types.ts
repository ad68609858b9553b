/** What the task page and the task modal render from: the page service's answer (workers/services/pages/task.ts). */
export type { NamingData, RelatedTask } from "../../../workers/services/pages/activity";
export type { SprintChoice, TaskData, TaskFound } from "../../../workers/services/pages/task";

export type { LinkKind as LinkKindName } from "../../../domain/planning/links";
export type { FileView } from "../../../workers/services/entity-files";
export type { LinkView } from "../../../workers/services/links";
export type { SearchHit } from "../../../workers/services/search";
