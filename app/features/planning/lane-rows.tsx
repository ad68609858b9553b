/**
 * The rows of one planning-board lane. A lane of up to `WINDOW_FROM` tasks renders every row;
 * a longer one (a backlog of thousands) renders only the rows near the viewport, with spacers
 * standing in for the others, so the page's first render and hydration cost the same for 200
 * tasks as for 5,000. Rows stay in the normal flow (spacers, not absolute positions), so
 * dnd-kit's sortable transforms work as in a short lane; the dragged row is always rendered.
 */
import { defaultRangeExtractor, useWindowVirtualizer } from "@tanstack/react-virtual";
import { type ReactNode, useCallback, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useSameList } from "../../lib/use-same-list";
import { useBoardDrag } from "./drag";

/** Lanes longer than this render only the rows near the viewport. */
export const WINDOW_FROM = 100;
/** Rows rendered beyond each edge of the window. */
const OVERSCAN = 6;
/** A row's height before it is measured (one line of text, padding and border). */
const ROW_ESTIMATE = 41;
/**
 * What the server and the first client render assume about the window: the same on both, so
 * hydration matches; the real size and scroll position are read right after. Only a lane at the
 * top of the page (`eager`) starts with a screenful; the others start with the overscan rows,
 * which is what they keep when they are below the fold.
 */
const FIRST_RECT = { width: 1280, height: 900 };
const NO_RECT = { width: 1280, height: 0 };

/** How a windowed row registers for measuring: its index, and a ref to merge with its own. */
export interface RowMeasure {
  index: number;
  ref: (node: HTMLElement | null) => void;
}

interface LaneRowsProps<T> {
  tasks: readonly T[];
  /** The lane starts at the top of the page (the backlog): its first render fills a screen. */
  eager?: boolean;
  row: (task: T, measure?: RowMeasure) => ReactNode;
}

export function LaneRows<T extends { guid: string }>(props: LaneRowsProps<T>) {
  if (props.tasks.length <= WINDOW_FROM) return <>{props.tasks.map((task) => props.row(task))}</>;
  return <WindowedRows {...props} />;
}

function WindowedRows<T extends { guid: string }>({ tasks, eager, row }: LaneRowsProps<T>) {
  // The dragged row must stay mounted (dnd-kit follows its node) even when scrolled far away.
  const activeId = useBoardDrag().carried;
  const anchor = useRef<HTMLLIElement>(null);
  // Where the lane's first row sits on the page; lanes above it grow and shrink.
  const [margin, setMargin] = useState(0);
  const activeIndex = activeId ? tasks.findIndex((t) => t.guid === activeId) : -1;
  // The keys as one array while they are the same: a new `getItemKey` makes the virtualiser
  // place every row of the lane again (thousands in a backlog) on each render of it.
  // Mapped once per list of tasks, not on each render: the window's own re-renders (scrolling,
  // measuring) then skip a pass over thousands of rows.
  const ids = useSameList(useMemo(() => tasks.map((t) => t.guid), [tasks]));
  const keyOf = useCallback((index: number) => ids[index]!, [ids]);
  // A lane wholly off screen by more than a screen shows its nearest row alone, not the
  // overscan's few more: rows nobody sees, each a mount as the page hydrates (issue 17: four
  // sprints below a backlog, 28 rows). Judged by the window as the last render saw it; a range
  // change (the lane scrolling into view) renders it again with the overscan back.
  const seen = useRef<WindowView | null>(null);
  const overscan = seen.current === null || isNear(seen.current, margin) ? OVERSCAN : 0;
  const virtualizer = useWindowVirtualizer({
    count: tasks.length,
    estimateSize: () => ROW_ESTIMATE,
    overscan,
    scrollMargin: margin,
    initialRect: eager ? FIRST_RECT : NO_RECT,
    initialOffset: 0,
    // React warns about flushSync from effects; a frame's delay while scrolling is invisible.
    useFlushSync: false,
    getItemKey: keyOf,
    rangeExtractor: useCallback(
      (range: Parameters<typeof defaultRangeExtractor>[0]) => {
        const indexes = defaultRangeExtractor(range);
        return activeIndex >= 0 && !indexes.includes(activeIndex) ? [...indexes, activeIndex].sort((a, b) => a - b) : indexes;
      },
      [activeIndex],
    ),
  });
  // Measured before the first paint, then whenever the page's size changes (a lane above grew,
  // the window was resized): a ResizeObserver's callback runs after layout, so reading the
  // anchor there is free. Measuring after each render instead forced a layout of the whole
  // board in every change of this lane, such as a card's status (issue 17: 2 ms at 2,000 cards).
  useLayoutEffect(() => {
    const measure = () => {
      const top = anchor.current ? anchor.current.getBoundingClientRect().top + window.scrollY : 0;
      setMargin((margin) => (Math.abs(top - margin) >= 1 ? top : margin));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(document.documentElement);
    return () => observer.disconnect();
  }, []);
  useLayoutEffect(() => {
    seen.current = virtualizer;
  }, [virtualizer]);
  const items = virtualizer.getVirtualItems();
  const out: ReactNode[] = [];
  let end = margin;
  for (const item of items) {
    // A gap before a row (rows above the window, or between the window and the dragged row).
    if (item.start > end) out.push(<li key={`gap:${item.index}`} aria-hidden="true" style={{ height: item.start - end }} />);
    out.push(row(tasks[item.index]!, { index: item.index, ref: virtualizer.measureElement }));
    end = item.end;
  }
  const total = virtualizer.getTotalSize() + margin;
  return (
    <>
      <li ref={anchor} aria-hidden="true" className="h-0" />
      {out}
      {total > end && <li aria-hidden="true" style={{ height: total - end }} />}
    </>
  );
}

/** What the virtualiser knows of the window, and the lane's height. */
interface WindowView {
  scrollRect: { height: number } | null;
  scrollOffset: number | null;
  getTotalSize: () => number;
}

/** Whether a lane (its top at `margin` on the page) is within a screen of the window. */
function isNear(view: WindowView, margin: number): boolean {
  const height = view.scrollRect?.height ?? 0;
  const offset = view.scrollOffset ?? 0;
  return margin < offset + 2 * height && margin + view.getTotalSize() > offset - height;
}
