import type { ReactNode } from "react";

/** A full-width action inside a popover. */
export function MenuAction({ onClick, children, danger, testId }: { onClick: () => void; children: ReactNode; danger?: boolean; testId?: string }) {
  return (
    <button
      type="button"
      className="btn btn-ghost justify-start"
      style={{ padding: "0.4rem 0.6rem", fontWeight: 500, color: danger ? "var(--danger)" : undefined }}
      onClick={onClick}
      data-testid={testId}
    >
      {children}
    </button>
  );
}
