/**
 * What the field-value kit needs besides a field and its value: the project's people and
 * sprints, and the tasks that values point at. The views (board, table) and the task page build
 * one each from what their loader gave them; the kit never reads the API itself.
 */
import type { FieldOption } from "../../../domain/fields/types";
import type { FieldView } from "../../../workers/services/field-definitions";
import type { ParticipantView } from "../../../workers/services/projects";
import type { BoardTaskView } from "../../../domain/wire/task-view";

/** A task a value names (an epic, a subtask), as the kit shows it. */
export interface TaskRefView {
  guid: string;
  number: number;
  title: string;
  /** Option guid of its status, for its colour. */
  status?: string | null;
}

/** A sprint a value names; the backlog is stored as no sprint. */
export interface SprintRef {
  guid: string;
  title: string;
  backlog: boolean;
  archived: boolean;
}

export interface ValueContext {
  projectGuid: string;
  participants: readonly ParticipantView[];
  /** The participants by guid. */
  people: ReadonlyMap<string, ParticipantView>;
  sprints: readonly SprintRef[];
  /** The task a value names, when the page knows it. */
  task: (guid: string) => TaskRefView | undefined;
  /** The status option of a named task, for its colour (the task page). */
  statusOf?: (task: TaskRefView) => FieldOption | undefined;
}

/** The views' context (board, table): the definitions and every task of the board. */
export interface FieldContext extends ValueContext {
  fields: ReadonlyMap<string, FieldView>;
  tasks: ReadonlyMap<string, BoardTaskView>;
  /** Guid of the title field, to name tasks that values point at. */
  titleField: string;
}

export function titleOf(task: BoardTaskView | undefined, titleField: string): string {
  const value = task?.custom_fields.find((f) => f.guid === titleField)?.value;
  return typeof value === "string" ? value : "";
}

/** A value as the list of guids it holds (one for single choices, none when empty). */
export function idsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v): v is string => typeof v === "string");
  return typeof value === "string" ? [value] : [];
}
