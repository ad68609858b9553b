import { createContext, useContext } from "react";

/**
 * Where a link to another task leads. On the task page, to that task's page; inside the task
 * modal, to that task in the modal, so the board stays behind it.
 */
export const TaskHref = createContext<(projectGuid: string, task: string) => string>((projectGuid, task) => `/project/${projectGuid}/issue/${task}`);

export const useTaskHref = () => useContext(TaskHref);
