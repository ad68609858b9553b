/**
 * Whether a read of the page's data is under way (a revalidation, or a navigation loading), as of
 * the last render: one's own write answered meanwhile may predate that read, which would show the
 * old value once it lands (planning-board.tsx, use-live-board.ts).
 */
import { type RefObject, useRef } from "react";
import { useNavigation, useRevalidator } from "react-router";

export function useReadUnderWay(): RefObject<boolean> {
  const revalidation = useRevalidator().state;
  const navigation = useNavigation().state;
  const reading = useRef(false);
  reading.current = revalidation !== "idle" || navigation === "loading";
  return reading;
}
