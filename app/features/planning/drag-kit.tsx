/**
 * The planning board's dnd-kit setup, loaded on first use (drag.ts): the drag context with its
 * sensors and drop rules, and the sortable parts the lanes and rows switch to.
 */
import {
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragOverEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  closestCenter,
  pointerWithin,
} from "@dnd-kit/core";
import { sortableKeyboardCoordinates } from "@dnd-kit/sortable";
import type { ReactNode } from "react";
import { isLaneMove } from "./lane-move-id";
import { DragContext } from "../../components/drag-context";

export { useDroppable } from "@dnd-kit/core";
export { SortableContext, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
export { CSS } from "@dnd-kit/utilities";

/**
 * A drop lands on the task under the pointer when there is one, else on the lane under it
 * (an empty lane, or below its last task); keyboard drags fall back to the closest centre.
 */
const tasksFirst: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  const tasksHit = hits.filter((h) => !String(h.id).startsWith("lane:"));
  if (tasksHit.length > 0) return tasksHit;
  return hits.length > 0 ? hits : closestCenter(args);
};

/** A carried lane lands among the lanes (closest centre), a carried card among the cards. */
const byKind: CollisionDetection = (args) => {
  const lane = isLaneMove(args.active.id);
  const droppableContainers = args.droppableContainers.filter((c) => isLaneMove(c.id) === lane);
  return lane ? closestCenter({ ...args, droppableContainers }) : tasksFirst({ ...args, droppableContainers });
};

/**
 * The arrow keys step to the next target of the carried item's own kind. dnd-kit's sortable
 * keyboard step reads every registered target (it only calls `getEnabled` and `get` on them),
 * so it is given a view of the targets of one kind.
 */
const keyboardByKind: KeyboardCoordinateGetter = (event, args) => {
  const lane = isLaneMove(args.active);
  const all = args.context.droppableContainers;
  const ofKind = {
    getEnabled: () => all.getEnabled().filter((c) => isLaneMove(c.id) === lane),
    get: (id: string | number | null | undefined) => (id != null && isLaneMove(id) === lane ? all.get(id) : undefined),
  } as unknown as typeof all;
  return sortableKeyboardCoordinates(event, { ...args, context: { ...args.context, droppableContainers: ofKind } });
};

/** The board's drag context: mouse and touch after 4 px, the keyboard by Space or Enter. */
export function DragBoard(board: {
  children: ReactNode;
  announcements: Announcements;
  instructions: string;
  onDragStart: (event: DragStartEvent) => void;
  onDragOver: (event: DragOverEvent) => void;
  onDragEnd: (event: DragEndEvent) => void;
  onDragCancel: () => void;
}) {
  return <DragContext keyboard={keyboardByKind} collisionDetection={byKind} {...board} />;
}
