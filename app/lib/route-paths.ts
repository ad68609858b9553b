/**
 * Route paths that code other than the route table must read too. `routes.ts` builds the table
 * from these, so a page's module that tests the address (e.g. for a part it must load before
 * hydration) cannot drift from the route it belongs to.
 */
export const PROJECT_PATH = "project/:guid";
/** Under `PROJECT_PATH`: the task board, with the task open over it. */
export const TASKBOARD_PATH = "taskboard/:taskId?";
/** The task board's whole pattern, for `matchPath`. */
export const TASKBOARD_PATTERN = `/${PROJECT_PATH}/${TASKBOARD_PATH}`;
