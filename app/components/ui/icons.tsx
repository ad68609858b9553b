/**
 * The one icon set: line icons drawn in the current text colour. Inline SVG rather than emoji:
 * emoji depend on the visitor's fonts (a box where none is installed) and cannot follow the
 * theme's colours. An icon is a list of shapes on a 24×24 grid: a path's `d`, `"c cx cy r"` for a
 * circle or `"r x y width height rx"` for a rounded rectangle.
 */
export const SHAPES = {
  rss: ["M4 11a9 9 0 0 1 9 9M4 4a16 16 0 0 1 16 16", "c 5 19 1"],
  calendar: ["r 3 4 18 17 2", "M8 2v4M16 2v4M3 10h18"],
  kanban: ["r 3 3 18 18 2", "M8 7v9M12 7v5M16 7v11"],
  cards: ["r 9 3 11 15 2", "M6 7H5a2 2 0 0 0-2 2v10a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2v-1"],
  cycle: ["M20 12a8 8 0 1 1-2.35-5.65L20 8.5", "M20 3.5v5h-5"],
  document: ["M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z", "M14 3v5h5M9 13h6M9 17h6"],
  branch: ["c 6 5.5 2.5", "c 6 18.5 2.5", "c 18 7.5 2.5", "M6 8v8M18 10c0 4.5-5 4-11 6.5"],
  sparkles: ["M11 3l1.8 4.7L17.5 9.5l-4.7 1.8L11 16l-1.8-4.7L4.5 9.5l4.7-1.8z", "M18.5 14.5l.9 2.1 2.1.9-2.1.9-.9 2.1-.9-2.1-2.1-.9 2.1-.9z"],
  video: ["r 2 6 14 12 2", "M16 10.5l6-3.5v10l-6-3.5"],
  exchange: ["M4 8h15l-3.5-3.5M20 16H5l3.5 3.5"],
  sun: ["c 12 12 4", "M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4"],
  moon: ["M20.5 14.5A8.5 8.5 0 0 1 9.5 3.5a8.5 8.5 0 1 0 11 11z"],
  bell: ["M6 9a6 6 0 0 1 12 0c0 6 2.5 8 2.5 8h-17S6 15 6 9z", "M10.3 20.5a2 2 0 0 0 3.4 0"],
  lock: ["r 4 11 16 10 2", "M8 11V7a4 4 0 0 1 8 0v4"],
  folder: ["M3 7a2 2 0 0 1 2-2h4l2 2.5h8a2 2 0 0 1 2 2V18a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2z"],
  // Retro room: raised hand, speaking, action item, ungroup, export, sort, take back.
  hand: ["M8 12.5V6a1.5 1.5 0 0 1 3 0v5M11 10.5V4.5a1.5 1.5 0 0 1 3 0v6M14 10.5V6a1.5 1.5 0 0 1 3 0v7.5a7 7 0 0 1-7 7h-.3a6 6 0 0 1-4.9-2.6l-2.6-3.8a1.6 1.6 0 0 1 2.5-2L8 14.5"],
  // Meetings: muted microphone, camera off, screen share, leave, chat.
  micOff: ["r 9 3 6 11 3", "M5.5 11a6.5 6.5 0 0 0 13 0M12 17.5V21M3 3l18 18"],
  videoOff: ["r 2 6 14 12 2", "M16 10.5 22 7v10l-6-3.5M2 2l20 20"],
  screen: ["r 2 4 20 13 2", "M8 21h8M12 17v4M12 13V8M9.5 10.5 12 8l2.5 2.5"],
  leave: ["M3 14.5c5-4.7 13-4.7 18 0l-2.4 2.4-3.3-1.6v-2.6a11 11 0 0 0-6.6 0v2.6l-3.3 1.6z"],
  chat: ["M4 5h16v11H9l-5 4z"],
  mic: ["r 9 3 6 11 3", "M5.5 11a6.5 6.5 0 0 0 13 0M12 17.5V21"],
  flag: ["M5 21V4M5 4h12l-2.5 4.5L17 13H5"],
  unlink: ["M9.5 14.5l-2 2a3.2 3.2 0 0 1-4.5-4.5l2.5-2.5M14.5 9.5l2-2a3.2 3.2 0 0 1 4.5 4.5l-2.5 2.5M8 3v3M3 8h3M16 21v-3M21 16h-3"],
  export: ["M14 4h6v6M20 4l-9 9M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5"],
  sortDown: ["M3 6h12M3 12h8M3 18h4M18 5v14M15 16l3 3 3-3"],
  minus: ["M5 12h14"],
  // Six dots as one path (two arcs each): a row of the board draws it, so one element, not six.
  grip: ["M8 6a1 1 0 1 0 2 0a1 1 0 1 0-2 0M14 6a1 1 0 1 0 2 0a1 1 0 1 0-2 0M8 12a1 1 0 1 0 2 0a1 1 0 1 0-2 0M14 12a1 1 0 1 0 2 0a1 1 0 1 0-2 0M8 18a1 1 0 1 0 2 0a1 1 0 1 0-2 0M14 18a1 1 0 1 0 2 0a1 1 0 1 0-2 0"],
  eye: ["M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z", "c 12 12 3"],
  eyeOff: ["M10.6 5.1A10.4 10.4 0 0 1 12 5c6.5 0 10 7 10 7a17.6 17.6 0 0 1-2.6 3.6M6.6 6.6C3.8 8.4 2 12 2 12s3.5 7 10 7a9.7 9.7 0 0 0 5.4-1.6", "M9.9 9.9a3 3 0 0 0 4.2 4.2M3 3l18 18"],
  trash: ["M4 7h16M10 11v6M14 11v6", "M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4.5A1.5 1.5 0 0 1 10.5 3h3A1.5 1.5 0 0 1 15 4.5V7"],
  chevronRight: ["M9 5l7 7-7 7"],
  arrowLeft: ["M19 12H5M11 6l-6 6 6 6"],
  plus: ["M12 5v14M5 12h14"],
  x: ["M6 6l12 12M18 6L6 18"],
  check: ["M5 12.5l4.5 4.5L19 7.5"],
  clock: ["c 12 12 9", "M12 7v5l3 2"],
  archive: ["r 3 4 18 4 1", "M5 8v11a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V8M10 12h4"],
  play: ["M8 5.5v13l10.5-6.5z"],
  shield: ["M12 3l8 3v6c0 4.5-3.4 8.2-8 9-4.6-.8-8-4.5-8-9V6z"],
  users: ["c 9 8 3.5", "M2.5 20a6.5 6.5 0 0 1 13 0M16 4.5a3.5 3.5 0 0 1 0 7M18 14.5a6.5 6.5 0 0 1 3.5 5.5"],
  // Document kinds (the text kind is `document`): a process flow, shapes, a grid.
  bpmn: ["c 4.5 12 2.5", "r 9 8.5 7 7 1.5", "c 20 12 2.5", "M7 12h2M16 12h1.5"],
  drawing: ["c 7.5 7.5 3.5", "M17 3.5l3.8 6.5h-7.6z", "r 13.5 13.5 7 7 1", "M3.5 19.5c2-3 4-3 5-1.5s2.5 1.5 3.5-1"],
  table: ["r 3 4 18 16 2", "M3 9.5h18M3 15h18M9.5 4v16"],
  pencil: ["M15.5 4.5l4 4L9 19l-5 1 1-5z", "M13.5 6.5l4 4"],
  link: ["M10 14a4 4 0 0 0 5.66 0l3-3a4 4 0 0 0-5.66-5.66l-1 1", "M14 10a4 4 0 0 0-5.66 0l-3 3a4 4 0 0 0 5.66 5.66l1-1"],
  copy: ["r 8 8 12 12 2", "M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2"],
  menu: ["M4 7h16M4 12h16M4 17h16"],
  text: ["M5 6h14M12 6v13M9 19h6"],
  number: ["M9 4L7 20M17 4l-2 16M4 9h16M3 15h16"],
  checkbox: ["r 4 4 16 16 3", "M8 12.5l3 3 5-6"],
  search: ["c 11 11 6.5", "M16 16l4.5 4.5"],
  more: ["c 6 12 1", "c 12 12 1", "c 18 12 1"],
  // The text editor's toolbar.
  bold: ["M7 5h6a3.5 3.5 0 0 1 0 7H7zM7 12h7a3.5 3.5 0 0 1 0 7H7z"],
  italic: ["M14 5h-4M14 19h-4M13.5 5l-3 14"],
  strike: ["M5 12h14M16 7.5C15.2 6 13.8 5 12 5c-2.5 0-4 1.4-4 3.2 0 1.5 1 2.4 2.6 3M8 16.5c.8 1.5 2.2 2.5 4 2.5 2.5 0 4-1.4 4-3.2 0-.6-.2-1.2-.5-1.6"],
  code: ["M9 8l-4 4 4 4M15 8l4 4-4 4"],
  bullets: ["M10 6h10M10 12h10M10 18h10", "c 5 6 1", "c 5 12 1", "c 5 18 1"],
  numbers: ["M10 6h10M10 12h10M10 18h10M4 5l1.5-1v5M3.8 13.5a1.4 1.4 0 1 1 2.4 1L4 17h2.5"],
  tasks: ["r 3.5 4.5 5 5 1", "M4.8 16.5l1.3 1.3 2.4-2.6M12 7h8M12 17h8"],
  quote: ["M6 17c-1.5-1-2-2.5-2-4.5C4 9.5 6 7.5 8.5 7M15 17c-1.5-1-2-2.5-2-4.5 0-3 2-5 4.5-5.5M6.5 13.5a1.5 1.5 0 1 0 0-.01M15.5 13.5a1.5 1.5 0 1 0 0-.01"],
  codeBlock: ["r 3 4 18 16 2", "M10 10l-2 2 2 2M14 10l2 2-2 2"],
  image: ["r 3 4 18 16 2", "c 9 10 1.8", "M21 16l-5-5-9 9"],
  tableGrid: ["r 3 4 18 16 2", "M3 10h18M3 15h18M9 4v16M15 4v16"],
  rowAdd: ["M3 6h18M3 12h18M12 15v6M9 18h6"],
  colAdd: ["M6 3v18M12 3v18M15 12h6M18 9v6"],
  rowRemove: ["M3 6h18M3 12h18M9 18h6"],
  colRemove: ["M6 3v18M12 3v18M15 12h6"],
  undo: ["M9 14L4 9l5-5M4 9h11a5 5 0 0 1 0 10h-3"],
  redo: ["M15 14l5-5-5-5M20 9H9a5 5 0 0 0 0 10h3"],
  history: ["M3.5 12a8.5 8.5 0 1 0 2.5-6L3.5 8.5", "M3.5 3.5v5h5M12 7.5V12l3 2"],
  download: ["M12 4v11M7 10l5 5 5-5M5 20h14"],
  upload: ["M12 16V5M7 10l5-5 5 5M5 20h14"],
  // The task page.
  expand: ["M14 4h6v6M20 4l-8 8M10 20H4v-6M4 20l8-8"],
  paperclip: ["M20 11.5l-8.1 8.1a5 5 0 0 1-7.1-7.1l8.5-8.5a3.4 3.4 0 0 1 4.8 4.8l-8.5 8.5a1.7 1.7 0 0 1-2.4-2.4l7.8-7.8"],
  comment: ["M20 15a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2z"],
  subtasks: ["M5 4v12a2 2 0 0 0 2 2h4M5 9h6", "r 13 6 7 6 1.5", "r 13 15 7 6 1.5"],
  // The project's sidebar (overview, statistics, activity, settings, folding).
  home: ["M4 11l8-7 8 7M6 9.5V20h4.5v-5h3v5H18V9.5"],
  chart: ["M4 20h16M7 16v-5M12 16V6M17 16v-8"],
  pulse: ["M3 12h4l2.5-6 5 12 2.5-6H21"],
  gear: ["c 12 12 3", "M12 3v2.5M12 18.5V21M3 12h2.5M18.5 12H21M5.6 5.6l1.8 1.8M16.6 16.6l1.8 1.8M5.6 18.4l1.8-1.8M16.6 7.4l1.8-1.8"],
  sidebar: ["r 3.5 4.5 17 15 2", "M9.5 4.5v15"],
} satisfies Record<string, readonly string[]>;

export type IconName = keyof typeof SHAPES;

/** One shape's element: a plain function, not a component (an icon on every board row is then one element per shape, not two fibers). */
function shapeOf(shape: string, key: number) {
  const [kind, ...n] = shape.split(" ");
  if (kind === "c") return <circle key={key} cx={n[0]} cy={n[1]} r={n[2]} />;
  if (kind === "r") return <rect key={key} x={n[0]} y={n[1]} width={n[2]} height={n[3]} rx={n[4]} />;
  return <path key={key} d={shape} />;
}

/** A decorative icon; give its button or link an accessible name instead. */
export function Icon({ name, size = 20, className = "" }: { name: IconName; size?: number; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
    >
      {SHAPES[name].map(shapeOf)}
    </svg>
  );
}
