import { Suspense, useCallback, useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link, matchPath, type ShouldRevalidateFunctionArgs, useLocation, useNavigate, useRevalidator, useSearchParams } from "react-router";
import { cloudflareContext } from "../../workers/context";
import { TASKBOARD_VIEWS, type TaskboardView, VIEW_COOKIE } from "../../domain/planning/views";
import { boardNoticeAction } from "../../domain/planning/board-notice";
import { chosenView, loadPlanningBoard } from "../features/planning/board-data.server";
import { PlanningBoard } from "../features/planning/planning-board";
import { type BoardMessage, useProjectLive } from "../features/planning/use-project-live";
import { useViewer } from "../features/shell/viewer";
import { Spinner } from "../features/shell/spinner";
import { NoAccess } from "../features/projects/no-access";
import { useProject } from "../features/projects/use-project";
import { loadTask } from "../features/task/task-data.server";
import type { ViewProps } from "../features/views/types";
import { pageTitle, taskTitle } from "../lib/page-title";
import type { Route } from "./+types/project-taskboard";
import { boardIsEmpty, EmptyBoard } from "../features/views/empty-board";
import { unpackBoard } from "../../domain/wire/board-pack";
import { lazyPart } from "../lib/before-hydration";
import { TASKBOARD_PATTERN } from "../lib/route-paths";
import { useLiveBoard } from "../features/planning/use-live-board";
import type { BoardPageView } from "../../workers/services/board";

/** What the live board holds while the page has no board (no access). */
const EMPTY_BOARD: BoardPageView = { sprints: [], epics: [], epic_type: null };

// Each view other than the planning board is its own chunk, loaded when first shown.
const VIEWS = {
  board: lazyPart(() => import("../features/views/task-board")),
  table: lazyPart(() => import("../features/views/table-view")),
  roadmap: lazyPart(() => import("../features/views/roadmap")),
};
const TaskBoardView = VIEWS.board.Component;
const TableView = VIEWS.table.Component;
const RoadmapView = VIEWS.roadmap.Component;
// The task over the board (comments, files, links, activity) is not part of the board's first
// render: its chunk loads when a task is opened, or while the browser is idle after hydration.
const taskModal = lazyPart(() => import("../features/task/task-modal").then((module) => ({ default: module.TaskModal })));
const TaskModal = taskModal.Component;

// A view or task the server rendered: hydration waits for its chunk (lib/before-hydration.ts).
// The view is named by the page's frame, which the HTML holds before this module runs; the task
// is known by the address, because its modal streams in later, after the page's scripts.
if (typeof document !== "undefined") {
  const shown = document.querySelector("main[data-view]")?.getAttribute("data-view");
  if (shown && Object.hasOwn(VIEWS, shown)) VIEWS[shown as keyof typeof VIEWS].beforeHydration();
  if (matchPath(TASKBOARD_PATTERN, window.location.pathname)?.params.taskId) taskModal.beforeHydration();
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { env } = context.get(cloudflareContext);
  // When the data were read: the live socket reads them again on opening only if the project
  // changed since (use-project-live.ts).
  const readAt = Date.now();
  // `/taskboard/{taskId}`: the task modal over the board.
  const [data, task] = await Promise.all([loadPlanningBoard(request, env, params.guid), params.taskId ? loadTask(request, env, params.guid, params.taskId) : null]);
  return { data, view: chosenView(request, params.guid), task, readAt };
}

/** Revalidate after a write or a live message, but not merely because the view was switched. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (currentUrl.pathname === nextUrl.pathname && currentUrl.searchParams.get("view") !== nextUrl.searchParams.get("view")) return false;
  return defaultShouldRevalidate;
}

const YEAR = 60 * 60 * 24 * 365;

function ViewSwitcher({ current }: { current: TaskboardView }) {
  const { t } = useTranslation("views");
  const [params] = useSearchParams();
  return (
    <nav className="inline-flex rounded-lg border border-[var(--border)] bg-[var(--surface)] p-0.5" aria-label={t("switcher.label")} data-testid="view-switcher">
      {TASKBOARD_VIEWS.map((view) => {
        const next = new URLSearchParams(params);
        next.set("view", view);
        const active = view === current;
        return (
          <Link
            key={view}
            to={`?${next.toString()}`}
            replace
            preventScrollReset
            aria-current={active ? "page" : undefined}
            className={`rounded-md px-3 py-1.5 text-sm font-medium ${active ? "bg-[var(--primary)] text-[var(--primary-text)]" : "muted hover:text-[var(--text)]"}`}
            data-testid={`view-${view}`}
          >
            {t(`switcher.${view}`)}
          </Link>
        );
      })}
    </nav>
  );
}

/** "#12 Fix the login · Task board · Demo project · Planning": the open task, then the view. */
export function meta({ matches, loaderData, location }: Route.MetaArgs) {
  const asked = new URLSearchParams(location.search).get("view");
  const view = asked && (TASKBOARD_VIEWS as readonly string[]).includes(asked) ? asked : (loaderData?.view ?? "planning");
  const task = loaderData?.task?.state === "ok" ? taskTitle(loaderData.task.task) : null;
  return pageTitle(matches, task, { key: `views:switcher.${view}` });
}

/** `/project/{guid}/taskboard`: the planning board, task board, table and roadmap of a project. */
export default function ProjectTaskboard({ loaderData, params: routeParams }: Route.ComponentProps) {
  const { t } = useTranslation("projects");
  const project = useProject();
  const { revalidate } = useRevalidator();
  const viewer = useViewer();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { search } = useLocation();
  const view = params.get("view") ? (TASKBOARD_VIEWS as readonly string[]).includes(params.get("view")!) ? (params.get("view") as TaskboardView) : "planning" : loaderData.view;
  const packed = loaderData.data?.board;
  const loaded = useMemo(() => packed && unpackBoard(packed), [packed]);
  // Someone else changed tasks or sprints: those tasks are read and placed, or the whole board
  // is read again, one read at a time (use-live-board.ts).
  const placing = loaderData.data?.fields;
  const live = useLiveBoard(project.guid, loaded ?? EMPTY_BOARD, { sprint: placing?.sprint ?? "", issueType: placing?.issueType?.guid ?? null });
  // The task open in the modal is part of the page's data: a change to it, or a comment on it,
  // reads the page; a comment on another task reads nothing (board-notice.ts).
  const openTask = useRef<string | null>(null);
  openTask.current = loaderData.task?.state === "ok" ? loaderData.task.task.guid : null;
  const { onNotice, reread } = live;
  const heard = useCallback(
    (message: BoardMessage) => {
      const action = boardNoticeAction(message, openTask.current);
      if (action === "page") reread();
      else if (action === "board") onNotice(message);
    },
    [onNotice, reread],
  );
  useProjectLive(project.guid, viewer?.guid, heard, reread, loaderData.readAt);
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1));
    idle(() => void taskModal.start());
  }, []);
  // Remember the choice per project, so the next visit opens the same view.
  useEffect(() => {
    document.cookie = `${VIEW_COOKIE(project.guid)}=${view}; Path=/; Max-Age=${YEAR}; SameSite=Lax`;
  }, [project.guid, view]);
  const board = loaded && live.board;
  if (!loaderData.data || !board) return <NoAccess />;
  const { fields, canWrite, definitions, mapping, pace } = loaderData.data;
  const empty = boardIsEmpty(board);
  const props: ViewProps = {
    projectGuid: project.guid,
    board,
    definitions,
    mapping,
    participants: project.participants?.results ?? [],
    canWrite,
    pace,
    onChanged: () => void revalidate(),
    onTaskSaved: live.saved,
  };
  return (
    <main className={`mx-auto px-4 py-6 ${view === "planning" ? "max-w-6xl" : "max-w-[100rem]"}`} data-view={view}>
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <h2 className="sr-only">{t("planning.title")}</h2>
        <ViewSwitcher current={view} />
      </div>
      {/* An empty project: one teaching empty state above the view, which keeps its frame (lanes, columns, the table's header, the roadmap's scale) and drops its own "nothing here" line. */}
      {empty && <EmptyBoard view={view} projectGuid={project.guid} canWrite={canWrite} />}
      {view === "planning" ? (
        <PlanningBoard {...props} fields={fields} sprintDates={loaderData.data.sprintDates} onKept={live.kept} />
      ) : (
        <Suspense fallback={<Spinner />}>
          {view === "board" && <TaskBoardView {...props} />}
          {view === "table" && <TableView {...props} />}
          {view === "roadmap" && <RoadmapView {...props} />}
        </Suspense>
      )}
      {routeParams.taskId && loaderData.task && (
        <Suspense fallback={null}>
          <TaskModal
            key={routeParams.taskId}
            data={loaderData.task}
            projectGuid={project.guid}
            onClose={() => void navigate(`/project/${project.guid}/taskboard${search}`, { preventScrollReset: true })}
            onChanged={props.onChanged}
            hrefOf={(projectGuid, task) => `/project/${projectGuid}/taskboard/${task}${search}`}
          />
        </Suspense>
      )}
    </main>
  );
}
