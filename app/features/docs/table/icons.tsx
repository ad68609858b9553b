/** The table's small icons: a column type's glyph, plus and the menu dots. */
import type { ColumnType } from "../../../../domain/docs/table";

const TYPE_ICONS: Record<ColumnType, React.ReactNode> = {
  text: <path d="M5 6h14M12 6v13M9 19h6" />,
  number: <path d="M9 4L7 20M17 4l-2 16M4 9h16M3 15h16" />,
  date: (
    <>
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M8 3v4M16 3v4M3 10h18" />
    </>
  ),
  checkbox: (
    <>
      <rect x="4" y="4" width="16" height="16" rx="3" />
      <path d="M8 12.5l3 3 5-6" />
    </>
  ),
};

export function TypeIcon({ type }: { type: ColumnType }) {
  return (
    <svg aria-hidden="true" width={14} height={14} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" className="shrink-0">
      {TYPE_ICONS[type]}
    </svg>
  );
}

export function PlusIcon() {
  return (
    <svg aria-hidden="true" width={16} height={16} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round">
      <path d="M12 5v14M5 12h14" />
    </svg>
  );
}

export function DotsIcon() {
  return (
    <svg aria-hidden="true" width={16} height={16} viewBox="0 0 24 24" fill="currentColor">
      <circle cx="5" cy="12" r="1.6" />
      <circle cx="12" cy="12" r="1.6" />
      <circle cx="19" cy="12" r="1.6" />
    </svg>
  );
}
