/** What the task page and the task modal render from (the loader's answer, see task-data.server.ts). */
import type { ActivityRow } from "../../../domain/activity/describe";
import type { CommentView } from "../../../workers/services/comments";
import type { FieldView } from "../../../workers/services/fields";
import type { FileView } from "../../../workers/services/entity-files";
import type { LinkView } from "../../../workers/services/links";
import type { TaskView } from "../../../workers/services/tasks";

/** Another task named by this one (epic, subtask, parent…): enough to show and link it. */
export interface RelatedTask {
  guid: string;
  number: number;
  title: string;
  /** Option guids of its status and issue type. */
  status: string | null;
  issue_type: string | null;
}

export interface SprintChoice {
  guid: string;
  title: string;
  backlog: boolean;
  archived: boolean;
}

export interface TaskFound {
  state: "ok";
  task: TaskView;
  /** The project's fields permitted on tasks, in the project's order. */
  fields: FieldView[];
  comments: CommentView[];
  sprints: SprintChoice[];
  /** Every task the lists below and the task's values name. */
  related: RelatedTask[];
  /** Guids of the project's epics (to choose this task's epic from). */
  epics: string[];
  /** Guids of the tasks in this epic (when the task is one). */
  children: string[];
  /** Guids of the tasks that list this one as a subtask. */
  parents: string[];
  /** Option guid of the epic issue type. */
  epicType: string | null;
  creator: { guid: string; name: string } | null;
  /** Links to other tasks (parent and subtask links included). */
  links: LinkView[];
  files: FileView[];
  /** The newest rows of the task's activity; `more` when older ones exist (on the activity page). */
  history: { rows: ActivityRow[]; more: boolean; naming: NamingData };
  canWrite: boolean;
  isRoot: boolean;
  viewer: string;
  /** The server's clock when loaded, so relative times render the same on both sides. */
  now: number;
}

export type TaskData = TaskFound | { state: "not_found"; guid: string } | { state: "no_access" };

/** Names for reading activity rows (see domain/activity/describe.ts), as plain records. */
export interface NamingData {
  fields: FieldView[];
  people: Record<string, string>;
  sprints: Record<string, string>;
  tasks: Record<string, { number: number; title: string }>;
}

export type { LinkKind as LinkKindName } from "../../../domain/planning/links";
export type { FileView } from "../../../workers/services/entity-files";
export type { LinkView } from "../../../workers/services/links";
export type { SearchHit } from "../../../workers/services/search";
