/** The text editor's toolbar icons: inline SVG in the current colour (no emoji, no icon font). */
import type { ReactNode } from "react";

const PATHS = {
  bold: <path d="M7 5h6a3.5 3.5 0 0 1 0 7H7zM7 12h7a3.5 3.5 0 0 1 0 7H7z" />,
  italic: <path d="M14 5h-4M14 19h-4M13.5 5l-3 14" />,
  strike: <path d="M5 12h14M16 7.5C15.2 6 13.8 5 12 5c-2.5 0-4 1.4-4 3.2 0 1.5 1 2.4 2.6 3M8 16.5c.8 1.5 2.2 2.5 4 2.5 2.5 0 4-1.4 4-3.2 0-.6-.2-1.2-.5-1.6" />,
  code: <path d="M9 8l-4 4 4 4M15 8l4 4-4 4" />,
  bullets: (
    <>
      <path d="M10 6h10M10 12h10M10 18h10" />
      <circle cx="5" cy="6" r="1" />
      <circle cx="5" cy="12" r="1" />
      <circle cx="5" cy="18" r="1" />
    </>
  ),
  numbers: <path d="M10 6h10M10 12h10M10 18h10M4 5l1.5-1v5M3.8 13.5a1.4 1.4 0 1 1 2.4 1L4 17h2.5" />,
  tasks: (
    <>
      <rect x="3.5" y="4.5" width="5" height="5" rx="1" />
      <path d="M4.8 16.5l1.3 1.3 2.4-2.6M12 7h8M12 17h8" />
    </>
  ),
  quote: <path d="M6 17c-1.5-1-2-2.5-2-4.5C4 9.5 6 7.5 8.5 7M15 17c-1.5-1-2-2.5-2-4.5 0-3 2-5 4.5-5.5M6.5 13.5a1.5 1.5 0 1 0 0-.01M15.5 13.5a1.5 1.5 0 1 0 0-.01" />,
  codeBlock: (
    <>
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <path d="M10 10l-2 2 2 2M14 10l2 2-2 2" />
    </>
  ),
  link: <path d="M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1" />,
  image: (
    <>
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <circle cx="9" cy="10" r="1.8" />
      <path d="M21 16l-5-5-9 9" />
    </>
  ),
  table: (
    <>
      <rect x="3" y="4" width="18" height="16" rx="2" />
      <path d="M3 10h18M3 15h18M9 4v16M15 4v16" />
    </>
  ),
  rowAdd: <path d="M3 6h18M3 12h18M12 15v6M9 18h6" />,
  colAdd: <path d="M6 3v18M12 3v18M15 12h6M18 9v6" />,
  rowRemove: <path d="M3 6h18M3 12h18M9 18h6" />,
  colRemove: <path d="M6 3v18M12 3v18M15 12h6" />,
  undo: <path d="M9 14L4 9l5-5M4 9h11a5 5 0 0 1 0 10h-3" />,
  redo: <path d="M15 14l5-5-5-5M20 9H9a5 5 0 0 0 0 10h3" />,
  history: (
    <>
      <path d="M3.5 12a8.5 8.5 0 1 0 2.5-6L3.5 8.5" />
      <path d="M3.5 3.5v5h5M12 7.5V12l3 2" />
    </>
  ),
  download: <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />,
  upload: <path d="M12 16V5M7 10l5-5 5 5M5 20h14" />,
  more: (
    <>
      <circle cx="6" cy="12" r="1.2" />
      <circle cx="12" cy="12" r="1.2" />
      <circle cx="18" cy="12" r="1.2" />
    </>
  ),
} satisfies Record<string, ReactNode>;

export type ToolIconName = keyof typeof PATHS;

export function ToolIcon({ name, size = 18 }: { name: ToolIconName; size?: number }) {
  return (
    <svg aria-hidden="true" width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round">
      {PATHS[name]}
    </svg>
  );
}
