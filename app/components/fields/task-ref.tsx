/**
 * A task named by a value or a list (an epic, a subtask, a link): its number, status colour and
 * title, linked to it. Where the link leads is the frame's: on the task page, that task's page;
 * inside the task modal, that task in the modal, so the board stays behind it (`TaskHref`).
 */
import { createContext, useContext } from "react";
import { Link } from "react-router";
import { type FieldOption, optionLabel } from "../../../domain/fields/types";
import type { TaskRefView } from "./context";

export const TaskHref = createContext<(projectGuid: string, task: string) => string>((projectGuid, task) => `/project/${projectGuid}/issue/${task}`);

export const useTaskHref = () => useContext(TaskHref);

export function TaskRef({ task, projectGuid, status }: { task: TaskRefView; projectGuid: string; status?: FieldOption }) {
  const href = useTaskHref();
  return (
    <Link to={href(projectGuid, task.guid)} className="inline-flex max-w-full min-w-0 items-center gap-1.5 text-sm hover:underline" data-testid="task-ref" data-guid={task.guid}>
      {status && <span className="h-2 w-2 shrink-0 rounded-full" style={{ background: status.color }} title={optionLabel(status)} aria-hidden="true" />}
      <span className="muted shrink-0 tabular-nums">#{task.number}</span>
      <span className="truncate">{task.title}</span>
    </Link>
  );
}
