/**
 * Line icons of the task page that the shared set (components/ui/icons.tsx) lacks, drawn the
 * same way: inline SVG in the text colour, decorative (the button carries the name).
 */
import type { ReactNode } from "react";

const PATHS = {
  link: (
    <>
      <path d="M10 14a4.5 4.5 0 0 0 6.4 0l3.2-3.2a4.5 4.5 0 0 0-6.4-6.4L12 5.6" />
      <path d="M14 10a4.5 4.5 0 0 0-6.4 0l-3.2 3.2a4.5 4.5 0 0 0 6.4 6.4l1.2-1.2" />
    </>
  ),
  expand: <path d="M14 4h6v6M20 4l-8 8M10 20H4v-6M4 20l8-8" />,
  paperclip: <path d="M20 11.5l-8.1 8.1a5 5 0 0 1-7.1-7.1l8.5-8.5a3.4 3.4 0 0 1 4.8 4.8l-8.5 8.5a1.7 1.7 0 0 1-2.4-2.4l7.8-7.8" />,
  download: <path d="M12 4v11M7 10.5l5 5 5-5M5 20h14" />,
  history: (
    <>
      <path d="M3.5 12a8.5 8.5 0 1 0 2.5-6L3.5 8.5" />
      <path d="M3.5 3.5v5h5M12 7.5V12l3 2" />
    </>
  ),
  comment: <path d="M20 15a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2z" />,
  subtasks: (
    <>
      <path d="M5 4v12a2 2 0 0 0 2 2h4M5 9h6" />
      <rect x="13" y="6" width="7" height="6" rx="1.5" />
      <rect x="13" y="15" width="7" height="6" rx="1.5" />
    </>
  ),
} satisfies Record<string, ReactNode>;

export type TaskIconName = keyof typeof PATHS;

export function TaskIcon({ name, size = 18, className = "" }: { name: TaskIconName; size?: number; className?: string }) {
  return (
    <svg aria-hidden="true" width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" className={className}>
      {PATHS[name]}
    </svg>
  );
}
