/**
 * The task board's empty state (issue 15), shared by its four views: what the views are for,
 * one primary action (the planning view's new-task field, where tasks are written) and the
 * help article on sprints and the backlog.
 */
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { EmptyState } from "../../components/ui/empty-state";
import { Icon } from "../../components/ui/icons";
import { HelpLink } from "../site/help-link";
import type { ViewProps } from "./types";

export type BoardViewName = "planning" | "board" | "table" | "roadmap";

/** A project with no task at all: its views show this empty state, and none of their own "nothing here" lines. */
export const boardIsEmpty = (board: ViewProps["board"]) => board.epics.length === 0 && board.sprints.every((s) => s.count === 0);

export function EmptyBoard({ view, projectGuid, canWrite }: { view: BoardViewName; projectGuid: string; canWrite: boolean }) {
  const { t } = useTranslation("views");
  const focusNewTask = () => document.querySelector<HTMLInputElement>('[data-testid="new-task-title"]')?.focus();
  const action = !canWrite ? undefined : view === "planning" ? (
    <button type="button" className="btn btn-primary" onClick={focusNewTask} data-testid="empty-new-task">
      <Icon name="plus" size={16} />
      {t("empty.newTask")}
    </button>
  ) : (
    <Link className="btn btn-primary" to={`/project/${projectGuid}/taskboard?view=planning`} data-testid="empty-new-task">
      <Icon name="plus" size={16} />
      {t("empty.newTask")}
    </Link>
  );
  return (
    <EmptyState
      card
      icon="kanban"
      title={t(`empty.${view}.title`)}
      body={t(`empty.${view}.body`)}
      action={action}
      help={<HelpLink topic="planning/sprints-and-backlog" />}
      testId="board-empty"
      className="mb-4 py-12"
    />
  );
}
