/**
 * A task and its field values as the API and the pages send them (spec §7 "Tasks"): the one
 * shape the task service writes, the board packs (board-pack.ts) and the views read.
 */

/** A field value of a task, a document or a person. */
export interface ValueView {
  /** The field's guid. */
  guid: string;
  slug: string | null;
  value: unknown;
  participant_value: string | null;
}

/**
 * A task as the task board page's views read it (a card, a line, a cell, a bar): the page sends
 * no more than this (board-pack.ts), and the live updates' full rows fit it.
 */
export interface BoardTaskView {
  guid: string;
  number: number;
  sort: number;
  position: number;
  custom_fields: ValueView[];
}

/** A task row with its values. */
export interface TaskView extends BoardTaskView {
  created_by: string | null;
  created_at: number;
  updated_at: number;
}
