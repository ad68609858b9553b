/**
 * dnd-kit's drag context as the app's boards and trees set it up: the app's sensors
 * (`useDragSensors`) and the words a screen reader says. Import it only from modules that load
 * dnd-kit already (the planning board loads its drag kit on the first press: planning/drag.ts).
 */
import { type Announcements, DndContext, type DndContextProps, type KeyboardCoordinateGetter } from "@dnd-kit/core";
import { useDragSensors } from "../lib/use-drag-sensors";

/**
 * `keyboard` and `distance` as `useDragSensors` takes them; `instructions` is read when an item
 * gets focus, `announcements` as it is picked up, moved and dropped.
 */
export function DragContext({
  keyboard,
  distance,
  instructions,
  announcements,
  ...context
}: Omit<DndContextProps, "sensors" | "accessibility"> & { keyboard?: KeyboardCoordinateGetter; distance?: number; instructions: string; announcements: Announcements }) {
  const sensors = useDragSensors(keyboard, distance);
  return <DndContext sensors={sensors} accessibility={{ announcements, screenReaderInstructions: { draggable: instructions } }} {...context} />;
}
