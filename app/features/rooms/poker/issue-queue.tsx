/**
 * The room's issue queue: everyone sees it with the current issue marked and accepted
 * estimates; the facilitator picks the current one, reorders (drag, or keyboard: Space, arrows,
 * Space), removes, and adds project tasks.
 */
import { type Announcements, DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors } from "@dnd-kit/core";
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { moveItem } from "../../../../domain/ordering";
import type { PokerIssue, PokerView } from "../../../../domain/rooms/poker";
import { Icon } from "../../../components/ui/icons";

interface QueueActions {
  onPick: (issue: string) => void;
  onRemove: (issue: string) => void;
  onReorder: (order: string[]) => void;
  onAdd?: () => void;
}

function QueueRow({ issue, index, current, accepted, canEdit, onPick, onRemove }: { issue: PokerIssue; index: number; current: boolean; accepted: string | null; canEdit: boolean } & Pick<QueueActions, "onPick" | "onRemove">) {
  const { t } = useTranslation("rooms");
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: issue.id, disabled: !canEdit });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`flex items-center gap-2 rounded-lg border px-2 py-2 ${current ? "border-[var(--primary)] bg-[color-mix(in_srgb,var(--primary)_8%,var(--surface))]" : "border-[var(--border)] bg-[var(--surface)]"} ${isDragging ? "z-10 shadow-lg" : ""}`}
      aria-current={current ? "true" : undefined}
      data-testid="queue-issue"
      data-issue={issue.id}
      data-title={issue.title}
      data-current={current}
    >
      {canEdit && (
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          className="muted cursor-grab rounded p-0.5 hover:bg-[var(--surface-2)] active:cursor-grabbing"
          aria-label={t("poker.queue.drag", { title: issue.title })}
          data-testid="queue-drag"
        >
          <Icon name="grip" size={16} />
        </button>
      )}
      <span className="muted w-5 shrink-0 text-right text-xs tabular-nums">{index + 1}</span>
      <span className="min-w-0 flex-1">
        <span className="line-clamp-2 text-sm font-medium break-words" title={issue.title}>
          {issue.title}
        </span>
        {current && <span className="text-xs font-semibold text-[var(--primary)]">{t("poker.queue.now")}</span>}
      </span>
      {accepted && (
        <span className="shrink-0 rounded-md bg-[color-mix(in_srgb,var(--success)_14%,transparent)] px-1.5 py-0.5 text-xs font-bold text-[var(--success)]" title={t("poker.queue.accepted", { card: accepted })} data-testid="queue-accepted">
          {accepted}
        </span>
      )}
      {canEdit && !current && (
        <button type="button" className="btn shrink-0 p-1.5 text-[var(--primary)]" onClick={() => onPick(issue.id)} data-testid="queue-pick" aria-label={t("poker.queue.pickNamed", { title: issue.title })} title={t("poker.queue.pick")}>
          <Icon name="play" size={14} />
        </button>
      )}
      {canEdit && (
        <button type="button" className="btn btn-ghost muted shrink-0 p-1 hover:text-[var(--danger)]" onClick={() => onRemove(issue.id)} aria-label={t("poker.queue.remove", { title: issue.title })} data-testid="queue-remove">
          <Icon name="x" size={16} />
        </button>
      )}
    </li>
  );
}

export function IssueQueue({ view, onPick, onRemove, onReorder, onAdd }: { view: PokerView } & QueueActions) {
  const { t } = useTranslation("rooms");
  const canEdit = view.facilitator && !view.archived;
  // The order shown at once after a drag; the room's next view replaces it.
  const [order, setOrder] = useState(view.queue);
  // Every patch brings a new array; only a different order replaces the one shown (a drag in
  // progress is not disturbed by someone else's vote).
  const queueKey = view.queue.join("\u0000");
  useEffect(() => setOrder((shown) => (shown.join("\u0000") === queueKey ? shown : view.queue)), [queueKey, view.queue]);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const issues = order.map((id) => view.issues[id]).filter((i): i is PokerIssue => Boolean(i));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const next = moveItem(order, order.indexOf(String(active.id)), order.indexOf(String(over.id)));
    setOrder(next);
    onReorder(next);
  };
  const announcements = useMemo<Announcements>(() => {
    const title = (id: string | number) => view.issues[String(id)]?.title ?? String(id);
    const place = (id: string | number | undefined) => (id === undefined ? 0 : order.indexOf(String(id)) + 1);
    return {
      onDragStart: ({ active }) => t("poker.queue.dnd.pickedUp", { title: title(active.id) }),
      onDragOver: ({ active, over }) => t("poker.queue.dnd.over", { title: title(active.id), place: place(over?.id) }),
      onDragEnd: ({ active, over }) => t("poker.queue.dnd.dropped", { title: title(active.id), place: place(over?.id) }),
      onDragCancel: ({ active }) => t("poker.queue.dnd.cancelled", { title: title(active.id) }),
    };
  }, [order, t, view.issues]);
  return (
    <section className="card p-4" aria-labelledby="queue-title" data-testid="queue">
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
      ) : (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements, screenReaderInstructions: { draggable: t("poker.queue.dnd.instructions") } }}>
          <SortableContext items={order} strategy={verticalListSortingStrategy}>
            <ol className="mt-3 flex flex-col gap-1.5">
              {issues.map((issue, i) => (
                <QueueRow key={issue.id} issue={issue} index={i} current={view.current === issue.id} accepted={view.accepted[issue.id] ?? null} canEdit={canEdit} onPick={onPick} onRemove={onRemove} />
              ))}
            </ol>
          </SortableContext>
        </DndContext>
      )}
    </section>
  );
}
