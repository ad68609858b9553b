import type { ReactNode } from "react";

/**
 * The head of a project section's page: its title and a line on what it holds, with the
 * section's own controls (filters, the "new" button) on the right, wrapping under on a narrow
 * screen. `titleWidth` keeps the title's column from shrinking below it (e.g. "min-w-64").
 */
export function PageHeader({ title, subtitle, titleWidth = "min-w-0", children }: { title: ReactNode; subtitle?: ReactNode; titleWidth?: string; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center gap-4">
      <div className={`${titleWidth} flex-1`}>
        <h2 className="text-xl font-semibold">{title}</h2>
        {subtitle && <p className="muted text-sm">{subtitle}</p>}
      </div>
      {children}
    </div>
  );
}
