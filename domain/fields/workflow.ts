/**
 * Workflows: which moves between the options of a status-like field are allowed (project
 * settings → workflow). Enforced wherever such a value changes.
 */
import { z } from "zod";

export interface Transition {
  from: string;
  to: string;
}

export const WORKFLOW_TRANSITIONS_MAX = 2000;

/** Only single-choice option fields (status-like rotations and selects) can carry a workflow. */
export const WORKFLOW_FIELD_TYPES: ReadonlySet<string> = new Set(["rotation", "select"]);

export const transition = z.object({ from: z.string().min(1).max(64), to: z.string().min(1).max(64) });

export const workflowBody = z
  .object({
    title: z.string({ error: "workflow_title_required" }).trim().min(1, "workflow_title_required").max(100, "workflow_title_too_long"),
    field: z.string({ error: "field_not_found" }).min(1, "field_not_found").max(64),
    transitions: z.array(transition, { error: "body_invalid" }).max(WORKFLOW_TRANSITIONS_MAX, "body_invalid"),
  })
  .strict();

export const updateWorkflowBody = workflowBody.partial().omit({ field: true }).strict();

/**
 * A change is allowed when nothing changes or when the value starts out empty (a new task may
 * start in any state). Clearing a value leaves the workflow, so it is refused; every other
 * move must be one of the transitions.
 */
export function transitionAllowed(transitions: readonly Transition[], from: string | null, to: string | null): boolean {
  if (from === to) return true;
  if (from === null) return true;
  if (to === null) return false;
  return transitions.some((t) => t.from === from && t.to === to);
}

/** Every move between distinct options: the starting point of a new workflow. */
export function allTransitions(optionGuids: readonly string[]): Transition[] {
  return optionGuids.flatMap((from) => optionGuids.filter((to) => to !== from).map((to) => ({ from, to })));
}

/** Keeps only transitions between existing options, without duplicates. */
export function cleanTransitions(transitions: readonly Transition[], optionGuids: ReadonlySet<string>): Transition[] {
  const seen = new Set<string>();
  return transitions.filter((t) => {
    const key = `${t.from}>${t.to}`;
    if (t.from === t.to || !optionGuids.has(t.from) || !optionGuids.has(t.to) || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
