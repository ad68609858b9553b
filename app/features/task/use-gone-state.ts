import { useRef } from "react";
import type { TaskData } from "./types";

/**
 * Tells a task that was never there from one deleted while it was on screen: both load as
 * "not found", but only the second had loaded before (someone else deleted it meanwhile).
 */
export function useGoneState(data: TaskData): "not_found" | "deleted" | null {
  const seen = useRef(new Set<string>());
  if (data.state === "ok") {
    seen.current.add(data.task.guid);
    return null;
  }
  if (data.state === "not_found") return seen.current.has(data.guid) ? "deleted" : "not_found";
  return null;
}
