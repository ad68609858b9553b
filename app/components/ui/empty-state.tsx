/**
 * The one empty state of the app: a place with nothing to show, or nothing the viewer may see.
 * An icon, a heading, what the place is for, then the one primary action (absent for readers),
 * the help article that explains it, and anything else to do next (children). `card` draws it
 * as a card in a list's place; otherwise it is the page's (or the panel's) centred content.
 * A page shows at most one of these at a time (issue 15).
 */
import type { ReactNode } from "react";
import { Icon, type IconName } from "./icons";

export function EmptyState({
  icon,
  iconSize,
  title,
  body,
  action,
  help,
  children,
  card = false,
  as: Box = "div",
  heading: Heading = "h2",
  className,
  testId,
  role,
}: {
  icon: IconName;
  /** The default: 36 in a card, 44 on a page. */
  iconSize?: number;
  title: ReactNode;
  /** What the place is for, in a sentence or two. */
  body: ReactNode;
  /** The one primary action (a button or link styled `btn btn-primary`); absent for readers. */
  action?: ReactNode;
  /** The help link (`HelpLink`). */
  help?: ReactNode;
  children?: ReactNode;
  card?: boolean;
  as?: "div" | "main";
  heading?: "h1" | "h2" | "h3";
  /** Spacing around it (the default: py-12 as a card, py-16 as a page). */
  className?: string;
  testId?: string;
  role?: "status";
}) {
  const box = card ? `card gap-2 px-6 ${className ?? "py-12"}` : `mx-auto max-w-lg gap-3 px-4 ${className ?? "py-16"}`;
  return (
    <Box className={`flex flex-col items-center text-center ${box}`} data-testid={testId} role={role} data-empty-state>
      <span className="muted" aria-hidden="true">
        <Icon name={icon} size={iconSize ?? (card ? 36 : 44)} />
      </span>
      <Heading className={card ? "text-lg font-semibold" : "text-xl font-bold"}>{title}</Heading>
      <p className={card ? "muted max-w-md text-sm" : "muted max-w-md"}>{body}</p>
      {action && <div className="mt-2">{action}</div>}
      {help}
      {children}
    </Box>
  );
}
