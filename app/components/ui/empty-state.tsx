/**
 * The one empty state of the app (issue 15): what the page is for, one primary action and a
 * link to the help article that explains it. A page shows at most one of these at a time.
 */
import type { ReactNode } from "react";
import { Icon, type IconName } from "./icons";

export function EmptyState({
  icon,
  title,
  body,
  action,
  help,
  testId,
  className = "",
}: {
  icon: IconName;
  title: string;
  /** What the page is for, in a sentence or two. */
  body: string;
  /** The one primary action (a button or link styled `btn btn-primary`); absent for readers. */
  action?: ReactNode;
  /** The help link (`HelpLink`). */
  help?: ReactNode;
  testId: string;
  className?: string;
}) {
  return (
    <div className={`card flex flex-col items-center gap-2 px-6 py-12 text-center ${className}`} data-testid={testId} data-empty-state>
      <span className="muted" aria-hidden="true">
        <Icon name={icon} size={36} />
      </span>
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="muted max-w-md text-sm">{body}</p>
      {action && <div className="mt-2">{action}</div>}
      {help}
    </div>
  );
}
