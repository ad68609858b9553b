/** What the task page and the task modal render from: the page service's answer (workers/services/pages/task.ts). */
export type { NamingData, RelatedTask } from "../../../workers/services/pages/activity";
export type { SprintChoice, TaskData, TaskFound } from "../../../workers/services/pages/task";

export type { LinkKind as LinkKindName } from "../../../domain/planning/links";
export type { FileView } from "../../../workers/services/entity-files";
export type { LinkView } from "../../../workers/services/links";
export type { SearchHit } from "../../../workers/services/search";

import type { EditorContext } from "../../components/fields/field-editor";
import type { RelatedTask as Related } from "../../../workers/services/pages/activity";

/** The task page's context: the kit's editor context and every task the page names. */
export interface TaskContext extends EditorContext {
  related: Map<string, Related>;
}
