/**
 * dnd-kit's sensors as the app's sortable lists use them. Import it only from modules that load
 * dnd-kit already (the planning board loads its drag kit on the first press: planning/drag.ts).
 */
import { type KeyboardCoordinateGetter, KeyboardSensor, PointerSensor, useSensor, useSensors } from "@dnd-kit/core";
import { sortableKeyboardCoordinates } from "@dnd-kit/sortable";

/**
 * A pointer drag starts once the pointer moved `distance` pixels, so a click on a handle stays a
 * click; the keyboard moves by `coordinateGetter` (a sortable list's neighbours by default).
 */
export function useDragSensors(coordinateGetter: KeyboardCoordinateGetter = sortableKeyboardCoordinates, distance = 4) {
  return useSensors(useSensor(PointerSensor, { activationConstraint: { distance } }), useSensor(KeyboardSensor, { coordinateGetter }));
}
