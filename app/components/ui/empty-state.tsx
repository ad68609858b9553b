/**
 * A place with nothing to show, or nothing the viewer may see: an icon, a heading, a sentence,
 * and what to do next (children). `card` draws it as a card in a list's place; otherwise it is
 * the page's (or the panel's) centred content.
 */
import type { ReactNode } from "react";
import { Icon, type IconName } from "./icons";

export function EmptyState({
  icon,
  iconSize = 44,
  title,
  body,
  children,
  card = false,
  as: Box = "div",
  heading: Heading = "h2",
  className,
  testId,
  role,
}: {
  icon: IconName;
  iconSize?: number;
  title: ReactNode;
  body: ReactNode;
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
    <Box className={`flex flex-col items-center text-center ${box}`} data-testid={testId} role={role}>
      <span className="muted" aria-hidden="true">
        <Icon name={icon} size={iconSize} />
      </span>
      <Heading className={card ? "text-lg font-semibold" : "text-xl font-bold"}>{title}</Heading>
      <p className={card ? "muted max-w-md text-sm" : "muted max-w-md"}>{body}</p>
      {children}
    </Box>
  );
}
