/** What every taskboard view receives: the one loader answer of `/project/{guid}/taskboard`. */
import type { Pace } from "../../../domain/planning/capacity";
import type { FieldView } from "../../../workers/services/field-definitions";
import type { BoardPageView } from "../../../workers/services/board";
import type { BoardTaskView } from "../../../domain/wire/task-view";
import type { ParticipantView } from "../../../workers/services/projects";
import type { MappingView } from "../../../workers/services/views";

export interface ViewProps {
  projectGuid: string;
  /** Every task of the project, placed in sprint lanes and the epic lane (spec §4). */
  board: BoardPageView;
  /** The project's field definitions (system and custom), in their order. */
  definitions: FieldView[];
  /** What a planning-board line and a task-board card show. */
  mapping: MappingView;
  participants: ParticipantView[];
  canWrite: boolean;
  /** Velocity of the completed sprints and their length: the forecast and the capacity suggestion. */
  pace: Pace;
  /** Read the board again (after one's own write; others' writes arrive over the socket). */
  onChanged: () => void;
  /**
   * One's own change of tasks (an edit, a move, a new task) as the server now holds them: put on
   * the board at once, or the board read again when it may change more than their cards
   * (use-live-board.ts).
   */
  onTaskSaved: (tasks: readonly BoardTaskView[]) => void;
}
