/**
 * The facilitator's queue with drag to reorder (dnd-kit: the pointer after 4 px, or the
 * keyboard: Space, arrows, Space). Its own chunk, loaded by `IssueQueue` only for a facilitator
 * (voters never reorder), so dnd-kit is not part of the room's first JavaScript.
 */
import { type Announcements, DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, closestCenter, useSensor, useSensors } from "@dnd-kit/core";
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useEffect, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { moveItem } from "../../../../domain/ordering";
import type { PokerIssue } from "../../../../domain/rooms/poker";
import { QueueRow, type QueueRowProps } from "./queue-row";

function SortableRow(props: QueueRowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: props.issue.id });
  return <QueueRow {...props} drag={{ rowRef: setNodeRef, style: { transform: CSS.Transform.toString(transform), transition }, handleRef: setActivatorNodeRef, handle: { ...attributes, ...listeners }, dragging: isDragging }} />;
}

export default function SortableQueue({
  order,
  issues,
  row,
  onReorder,
  onReady,
}: {
  order: string[];
  issues: PokerIssue[];
  row: (issue: PokerIssue, index: number) => Omit<QueueRowProps, "drag">;
  onReorder: (order: string[]) => void;
  /** Runs once the sortable rows are on screen. */
  onReady: () => void;
}) {
  const { t } = useTranslation("rooms");
  // Once, when first shown: `onReady` is a new function on each render of the queue.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => onReady(), []);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onReorder(moveItem(order, order.indexOf(String(active.id)), order.indexOf(String(over.id))));
  };
  const announcements = useMemo<Announcements>(() => {
    const title = (id: string | number) => issues.find((issue) => issue.id === String(id))?.title ?? String(id);
    const place = (id: string | number | undefined) => (id === undefined ? 0 : order.indexOf(String(id)) + 1);
    return {
      onDragStart: ({ active }) => t("poker.queue.dnd.pickedUp", { title: title(active.id) }),
      onDragOver: ({ active, over }) => t("poker.queue.dnd.over", { title: title(active.id), place: place(over?.id) }),
      onDragEnd: ({ active, over }) => t("poker.queue.dnd.dropped", { title: title(active.id), place: place(over?.id) }),
      onDragCancel: ({ active }) => t("poker.queue.dnd.cancelled", { title: title(active.id) }),
    };
  }, [order, t, issues]);
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd} accessibility={{ announcements, screenReaderInstructions: { draggable: t("poker.queue.dnd.instructions") } }}>
      <SortableContext items={order} strategy={verticalListSortingStrategy}>
        <ol className="mt-3 flex flex-col gap-1.5">
          {issues.map((issue, i) => (
            <SortableRow key={issue.id} {...row(issue, i)} />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}
