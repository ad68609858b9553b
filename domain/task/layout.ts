/**
 * Where each field of a task shows on the task page and in the task modal. Only fields whose
 * `issue` entity permission is on appear (spec §5), in the project's field order. The header
 * holds the title, type and status; long texts and subtasks take the main column; the rest
 * are the details beside it. Fields marked `hide_to_user` go under "More fields", folded.
 */
export interface LayoutField {
  guid: string;
  slug: string | null;
  type_fields: string;
  sort: number;
  hide_to_user: boolean;
  entities: readonly { slug: string; permission: boolean }[];
}

export interface TaskLayout<F extends LayoutField> {
  title?: F;
  status?: F;
  issueType?: F;
  /** Long texts (description first if it comes first in the project's order), in the main column. */
  main: F[];
  /** The subtasks field, shown as a list of tasks in the main column. */
  subtasks?: F;
  /** Details beside the main column. */
  details: F[];
  /** Fields hidden from users by default, folded under "More fields". */
  hidden: F[];
}

/** Whether a field may show on tasks at all. */
export const shownOnTasks = (f: LayoutField) => f.entities.some((e) => e.slug === "issue" && e.permission);

export function taskLayout<F extends LayoutField>(fields: readonly F[]): TaskLayout<F> {
  const ordered = fields.filter(shownOnTasks).sort((a, b) => a.sort - b.sort);
  const layout: TaskLayout<F> = { main: [], details: [], hidden: [] };
  for (const f of ordered) {
    // The title is the task's name: it stays in the header even when marked hidden.
    if (f.slug === "title") layout.title = f;
    else if (f.hide_to_user) layout.hidden.push(f);
    else if (f.slug === "status") layout.status = f;
    else if (f.slug === "issue_type") layout.issueType = f;
    else if (f.slug === "subtasks") layout.subtasks = f;
    else if (f.type_fields === "long_text") layout.main.push(f);
    else layout.details.push(f);
  }
  return layout;
}
