/** The four views of `/project/{guid}/taskboard` and how the choice is remembered. */
export const TASKBOARD_VIEWS = ["planning", "board", "table", "roadmap"] as const;
export type TaskboardView = (typeof TASKBOARD_VIEWS)[number];

/** One cookie per project, so each project reopens in the view last used there. */
export const VIEW_COOKIE = (projectId: string) => `view_${projectId.replace(/[^A-Za-z0-9_-]/g, "")}`;

/** Any unknown or missing value means the planning board. */
export function parseViewChoice(value: string | null | undefined): TaskboardView {
  return (TASKBOARD_VIEWS as readonly string[]).includes(value ?? "") ? (value as TaskboardView) : "planning";
}
