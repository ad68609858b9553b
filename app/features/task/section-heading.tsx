/** The heading row of a block of the task's main column (subtasks, links, files, an epic's tasks). */
import type { ReactNode } from "react";
import { Icon, type IconName } from "../../components/ui/icons";

/** The block's icon and title, then what it puts beside them (a count, an add button). */
export function SectionHeading({ icon, title, children }: { icon?: IconName; title: string; children?: ReactNode }) {
  return (
    <div className="flex items-center gap-2">
      {icon && (
        <span className="muted">
          <Icon name={icon} size={18} />
        </span>
      )}
      <h3 className="text-sm font-semibold">{title}</h3>
      {children}
    </div>
  );
}
