/**
 * Adds project tasks to a poker room's queue: choose a lane of the planning board (the backlog
 * or a sprint), tick tasks, add them (`POST /rooms/{id}/issues`; the room copies each task's
 * title and description so guests without project access read the same text).
 */
import { type FormEvent, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import type { PlanningBoardView } from "../../../../workers/services/board";
import type { TaskView } from "../../../../domain/wire/task-view";
import { Dialog, DialogActions } from "../../../components/ui/dialog";
import { FormAlert, FormField } from "../../../components/ui/field";
import { serverErrors } from "../../../components/ui/form-errors";
import { useApi } from "../../shell/errors";

const ADD_BATCH = 100;
const valueOf = (task: TaskView, slug: string) => task.custom_fields.find((f) => f.slug === slug)?.value;

export function AddIssuesDialog({ projectGuid, roomGuid, queued, onClose, onAdded }: { projectGuid: string; roomGuid: string; queued: readonly string[]; onClose: () => void; onAdded: () => void }) {
  const { t } = useTranslation("rooms");
  const api = useApi();
  const [board, setBoard] = useState<PlanningBoardView | null>(null);
  const [lane, setLane] = useState("");
  const [chosen, setChosen] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  useEffect(() => {
    let live = true;
    void api<PlanningBoardView>("POST", `/v3/project/${projectGuid}/filters`, {}).then((r) => {
      if (!live || r.error) return;
      setBoard(r.data);
      setLane(r.data.sprints[0]?.guid ?? "");
    });
    return () => {
      live = false;
    };
  }, [api, projectGuid]);
  const tasks = useMemo(() => board?.sprints.find((s) => s.guid === lane)?.issues ?? [], [board, lane]);
  const open = tasks.filter((task) => !queued.includes(task.guid));
  const allChosen = open.length > 0 && open.every((task) => chosen.has(task.guid));
  const toggle = (guid: string, on: boolean) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (on) next.add(guid);
      else next.delete(guid);
      return next;
    });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (chosen.size === 0) return;
    setBusy(true);
    setError("");
    // Queue order follows the board's order, whatever order the boxes were ticked in.
    const ordered = board!.sprints.flatMap((s) => s.issues.map((i) => i.guid)).filter((g) => chosen.has(g));
    // The room takes at most 100 tasks per call.
    for (let i = 0; i < ordered.length; i += ADD_BATCH) {
      const result = await api("POST", `/v1/rooms/${roomGuid}/issues`, { tasks: ordered.slice(i, i + ADD_BATCH) }, { quiet: true });
      if (result.error) {
        setBusy(false);
        return setError(serverErrors(result.error, t).detail);
      }
    }
    setBusy(false);
    onAdded();
    onClose();
  };
  return (
    <Dialog title={t("poker.add.title")} onClose={onClose} onSubmit={submit} size="xl" testId="add-issues-dialog">
      {error && <FormAlert tone="error">{error}</FormAlert>}
      {!board ? (
        <p className="muted text-sm" role="status">
          {t("loading")}
        </p>
      ) : (
        <>
          <FormField label={t("poker.add.lane")}>
            {(control) => (
              <select {...control} className="input" value={lane} onChange={(e) => setLane(e.target.value)} data-testid="add-issues-lane">
                {board.sprints.map((s) => (
                  <option key={s.guid} value={s.guid}>
                    {s.title} ({s.count})
                  </option>
                ))}
              </select>
            )}
          </FormField>
          {tasks.length === 0 ? (
            <p className="muted text-sm">{t("poker.add.emptyLane")}</p>
          ) : (
            <fieldset className="flex min-h-0 flex-col">
              <legend className="sr-only">{t("poker.add.tasks")}</legend>
              <label className="mb-2 flex items-center gap-2 text-sm font-medium">
                <input type="checkbox" checked={allChosen} disabled={open.length === 0} onChange={(e) => open.forEach((task) => toggle(task.guid, e.target.checked))} data-testid="add-issues-all" />
                {t("poker.add.all")}
              </label>
              <ul className="-mx-1 min-h-0 overflow-y-auto rounded-lg border border-[var(--border)]" data-testid="add-issues-list">
                {tasks.map((task) => {
                  const inQueue = queued.includes(task.guid);
                  const title = valueOf(task, "title");
                  const estimate = valueOf(task, "estimate");
                  return (
                    <li key={task.guid} className="border-b border-[var(--border)] last:border-b-0">
                      <label className={`flex items-center gap-3 px-3 py-2 text-sm ${inQueue ? "muted" : "cursor-pointer hover:bg-[var(--surface-2)]"}`} data-testid="add-issues-task" data-title={typeof title === "string" ? title : ""}>
                        <input type="checkbox" checked={inQueue || chosen.has(task.guid)} disabled={inQueue} onChange={(e) => toggle(task.guid, e.target.checked)} />
                        <span className="muted tabular-nums">#{task.number}</span>
                        <span className="min-w-0 flex-1 truncate">{typeof title === "string" && title ? title : t("poker.add.untitled")}</span>
                        {inQueue ? (
                          <span className="text-xs">{t("poker.add.inQueue")}</span>
                        ) : typeof estimate === "number" ? (
                          <span className="rounded-full bg-[var(--surface-2)] px-2 py-0.5 text-xs tabular-nums" title={t("poker.add.estimate")}>
                            {estimate}
                          </span>
                        ) : null}
                      </label>
                    </li>
                  );
                })}
              </ul>
            </fieldset>
          )}
        </>
      )}
      <DialogActions cancel={t("cancel")} onCancel={onClose} confirm={t("poker.add.submit", { count: chosen.size })} disabled={busy || chosen.size === 0} testId="add-issues-submit" />
    </Dialog>
  );
}
