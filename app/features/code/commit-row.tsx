/** One commit in a list: its subject, a line of who and when, and its short hash; links to the commit's page. */
import type { ReactNode } from "react";
import { Link } from "react-router";

export function CommitRow({ to, subject, meta, hexsha, testId }: { to: string; subject: string; meta: ReactNode; hexsha: string; testId: string }) {
  return (
    <li>
      <Link to={to} className="flex items-center gap-3 px-4 py-2 text-sm hover:bg-[var(--surface-2)]" data-testid={testId}>
        <span className="min-w-0 flex-1">
          <span className="block truncate font-medium">{subject}</span>
          <span className="muted text-xs">{meta}</span>
        </span>
        <span className="muted font-mono text-xs">{hexsha.slice(0, 8)}</span>
      </Link>
    </li>
  );
}
