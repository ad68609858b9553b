/** What a lane header sums up: its tasks and their estimates. */
export interface Valued {
  custom_fields: { guid: string; value: unknown }[];
}

/** A task's estimate when it is a finite number, else nothing (not a zero that hides a gap). */
export function estimateOf(task: Valued, estimateField: string): number | null {
  // A plain loop: a lane header sums thousands of these as a long board renders.
  for (const c of task.custom_fields) {
    if (c.guid !== estimateField) continue;
    return typeof c.value === "number" && Number.isFinite(c.value) ? c.value : null;
  }
  return null;
}

/** The sum of the lane's estimates, and how many of its tasks have none yet. */
export function laneTotals(tasks: readonly Valued[], estimateField: string): { count: number; estimate: number; unestimated: number } {
  let estimate = 0;
  let unestimated = 0;
  for (const task of tasks) {
    const value = estimateOf(task, estimateField);
    if (value === null) unestimated += 1;
    else estimate += value;
  }
  // Sums of fractional points (0.5 + 0.1…) are shown as people wrote them, not as 0.6000000001.
  return { count: tasks.length, estimate: Math.round(estimate * 100) / 100, unestimated };
}
