/** What the task page and the task modal render from (the loader's answer, see task-data.server.ts). */
import type { CommentView } from "../../../workers/services/comments";
import type { FieldView } from "../../../workers/services/fields";
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

/** A hit of `GET /issuesearch/data`. */
export interface SearchHit {
  guid: string;
  number: number;
  title: string;
  status: string | null;
  match: string;
  /** Plain text around the match, with `highlights` as `[start, end)` ranges. */
  snippet: string;
  highlights: [number, number][];
}

export type LinkKindName = "blocks" | "blocked_by" | "relates" | "duplicates" | "duplicated_by" | "parent" | "subtask";

/** A link as `GET /issue/{uid}/issues` answers it: how this task relates to `issue`. */
export interface LinkView {
  guid: string;
  kind: LinkKindName;
  issue: string;
  number: number;
  title: string;
  status: string | null;
  created_at: number;
}

/** A file as `GET /entity-file` answers it. */
export interface FileView {
  guid: string;
  name: string;
  content_type: string;
  size: number;
  created_at: number;
  created_by: { guid: string; name: string; color: string } | null;
  url: string;
}
