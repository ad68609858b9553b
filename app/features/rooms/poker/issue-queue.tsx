/**
 * The room's issue queue: everyone sees it with the current issue marked and accepted
 * estimates; the facilitator picks the current one, reorders (drag, or keyboard: Space, arrows,
 * Space), removes, and adds project tasks. Dragging is the facilitator's alone, so its library
 * (dnd-kit) comes in its own chunk (`sortable-queue.tsx`), loaded for a facilitator once the
 * room is idle or at the first pointer or focus on the queue; until then the same rows show
 * without it. The sortable rows take the plain ones' place in one commit, and never while a
 * pointer is pressed on the queue: rows drawn anew between a press and its release would swallow
 * that click (a pick or a removal lost).
 */
import { type ComponentType, type FocusEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { PokerIssue, PokerView } from "../../../../domain/rooms/poker";
import { Icon } from "../../../components/ui/icons";
import { type QueueActions, QueueRow, type QueueRowProps } from "./queue-row";

type SortableQueue = typeof import("./sortable-queue").default;

export function IssueQueue({ view, onPick, onRemove, onReorder, onAdd }: { view: PokerView } & QueueActions) {
  const { t } = useTranslation("rooms");
  const canEdit = view.facilitator && !view.archived;
  // The order shown at once after a drag; the room's next view replaces it.
  const [order, setOrder] = useState(view.queue);
  // Every patch brings a new array; only a different order replaces the one shown (a drag in
  // progress is not disturbed by someone else's vote).
  const queueKey = view.queue.join("\u0000");
  useEffect(() => setOrder((shown) => (shown.join("\u0000") === queueKey ? shown : view.queue)), [queueKey, view.queue]);
  // A facilitator's drag: loaded once the room is idle, or at once on a pointer or focus.
  const [dragWanted, setDragWanted] = useState(false);
  useEffect(() => {
    if (!canEdit || dragWanted) return;
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1));
    idle(() => setDragWanted(true));
  }, [canEdit, dragWanted]);
  // The sortable rows, once their chunk is here and no press on the queue is under way.
  const [Sortable, setSortable] = useState<ComponentType<Parameters<SortableQueue>[0]> | null>(null);
  const pressed = useRef(false);
  useEffect(() => {
    const release = () => void (pressed.current = false);
    window.addEventListener("pointerup", release, true);
    window.addEventListener("pointercancel", release, true);
    return () => {
      window.removeEventListener("pointerup", release, true);
      window.removeEventListener("pointercancel", release, true);
    };
  }, []);
  useEffect(() => {
    if (!canEdit || !dragWanted || Sortable) return;
    let gone = false;
    const show = (loaded: SortableQueue) => !gone && setSortable(() => loaded);
    import("./sortable-queue")
      .then(({ default: loaded }) => {
        if (!pressed.current) return show(loaded);
        // After the release and the click it makes (dispatched in the same task as the release).
        const after = () => {
          window.removeEventListener("pointerup", after, true);
          window.removeEventListener("pointercancel", after, true);
          window.setTimeout(() => show(loaded), 0);
        };
        window.addEventListener("pointerup", after, true);
        window.addEventListener("pointercancel", after, true);
      })
      // Without its chunk the queue keeps its plain rows: everything but dragging still works.
      .catch(() => undefined);
    return () => {
      gone = true;
    };
  }, [canEdit, dragWanted, Sortable]);
  // The rows are drawn anew with their handles: a control focused before they are (while the
  // chunk is wanted or on its way) gets its focus back.
  const section = useRef<HTMLElement>(null);
  const refocus = useRef<string | null>(null);
  const sortable = useRef(false);
  const wantDrag = canEdit && !dragWanted ? () => setDragWanted(true) : undefined;
  const onPointerDown = () => {
    pressed.current = true;
    wantDrag?.();
  };
  const onFocus = (event: FocusEvent) => {
    if (!canEdit || sortable.current) return;
    const issue = event.target.closest("[data-issue]")?.getAttribute("data-issue");
    const control = event.target.getAttribute("data-testid");
    refocus.current = issue && control ? `[data-issue="${CSS.escape(issue)}"] [data-testid="${CSS.escape(control)}"]` : null;
    wantDrag?.();
  };
  const ready = () => {
    sortable.current = true;
    if (refocus.current && section.current?.contains(document.activeElement) === false) section.current.querySelector<HTMLElement>(refocus.current)?.focus();
    refocus.current = null;
  };
  const issues = order.map((id) => view.issues[id]).filter((i): i is PokerIssue => Boolean(i));
  const row = (issue: PokerIssue, index: number): Omit<QueueRowProps, "drag"> => ({ issue, index, current: view.current === issue.id, accepted: view.accepted[issue.id] ?? null, canEdit, onPick, onRemove });
  const reorder = (next: string[]) => {
    setOrder(next);
    onReorder(next);
  };
  const plain = (
    <ol className="mt-3 flex flex-col gap-1.5">
      {issues.map((issue, i) => (
        <QueueRow key={issue.id} {...row(issue, i)} />
      ))}
    </ol>
  );
  return (
    <section ref={section} className="card p-4" aria-labelledby="queue-title" data-testid="queue" onPointerOver={wantDrag} onPointerDown={onPointerDown} onFocus={onFocus}>
      <div className="flex items-center justify-between gap-2">
        <h2 id="queue-title" className="text-sm font-semibold">
          {t("poker.queue.title")} <span className="muted font-normal">· {issues.length}</span>
        </h2>
        {canEdit && onAdd && (
          <button type="button" className="btn px-2.5 py-1 text-sm" onClick={onAdd} data-testid="queue-add">
            <Icon name="plus" size={16} />
            {t("poker.queue.add")}
          </button>
        )}
      </div>
      {issues.length === 0 ? (
        <p className="muted mt-3 text-sm" data-testid="queue-empty">
          {canEdit ? t("poker.queue.emptyFacilitator") : t("poker.queue.empty")}
        </p>
      ) : canEdit && Sortable ? (
        <Sortable order={order} issues={issues} row={row} onReorder={reorder} onReady={ready} />
      ) : (
        plain
      )}
    </section>
  );
}
