/**
 * The roadmap's time scale and what is drawn behind the rows: the header's two rows of units
 * (months over days, months over weeks, quarters over months), a row naming the sprints, and
 * the background with weekends, sprint ranges and the today line.
 */
import { type RefObject, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  type Day,
  type HeaderUnit,
  HEADER_UNITS,
  type Span,
  type Zoom,
  DAY_WIDTH,
  dateOfDay,
  headerCells,
  isWeekend,
  xOfDay,
} from "../../../domain/planning/roadmap";

export interface SprintBand {
  guid: string;
  title: string;
  span: Span;
  active: boolean;
}

export const HEADER_ROW = { major: 24, minor: 26, sprints: 22 } as const;
export const HEADER_HEIGHT = HEADER_ROW.major + HEADER_ROW.minor + HEADER_ROW.sprints;
/** Room a month or quarter name needs ("September 2026" at 12 px). */
const MAJOR_LABEL_MIN = 112;

function useCellLabel() {
  const { i18n, t } = useTranslation("views");
  const lng = i18n.language;
  return (cell: Span, unit: HeaderUnit, zoom: Zoom): string => {
    const date = dateOfDay(cell.start);
    const fmt = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat(lng, { ...options, timeZone: "UTC" }).format(date);
    switch (unit) {
      case "quarter":
        return t("roadmap.quarter", { quarter: Math.floor(date.getUTCMonth() / 3) + 1, year: date.getUTCFullYear() });
      case "month":
        return zoom === "quarter" ? fmt({ month: "short" }) : fmt({ month: "long", year: "numeric" });
      case "week":
        return fmt({ day: "numeric", month: "short" });
      case "day":
        return `${fmt({ weekday: "narrow" })} ${date.getUTCDate()}`;
    }
  };
}

export function RoadmapScale({ range, zoom, sprints, today, scroller }: { range: Span; zoom: Zoom; sprints: SprintBand[]; today: Day; /** The box the timeline scrolls in (its task column stays put). */ scroller: RefObject<HTMLDivElement | null> }) {
  const { t } = useTranslation("views");
  const label = useCellLabel();
  const units = HEADER_UNITS[zoom];
  const width = (range.end - range.start + 1) * DAY_WIDTH[zoom];
  // The coarse unit's name stays in view while its cell is scrolled partly out of sight, and is
  // left out when too little of the cell is visible to hold it.
  const [viewLeft, setViewLeft] = useState(0);
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const follow = () => setViewLeft(el.scrollLeft);
    follow();
    el.addEventListener("scroll", follow, { passive: true });
    return () => el.removeEventListener("scroll", follow);
  }, [scroller]);
  const majorLabel = (cell: Span, text: string) => {
    const left = xOfDay(cell.start, range.start, zoom);
    const at = Math.max(left, viewLeft);
    if (xOfDay(cell.end + 1, range.start, zoom) - at < MAJOR_LABEL_MIN) return null;
    return (
      <span className="absolute px-1.5" style={{ left: at - left }}>
        {text}
      </span>
    );
  };
  const row = (unit: HeaderUnit, height: number, strong: boolean) => (
    <div className="relative border-b border-[var(--border)]" style={{ height }}>
      {headerCells(range, unit).map((cell) => {
        const isToday = unit === "day" && cell.start === today;
        return (
          <div
            key={cell.start}
            className={`absolute top-0 flex h-full items-center whitespace-nowrap border-l border-[var(--border)] text-xs ${strong ? "overflow-hidden font-semibold" : "muted overflow-hidden px-1.5"} ${unit === "day" ? "justify-center px-0" : ""} ${isToday ? "font-bold text-[var(--danger)]" : ""} ${unit === "day" && isWeekend(cell.start) ? "opacity-60" : ""}`}
            style={{ left: xOfDay(cell.start, range.start, zoom), width: (cell.end - cell.start + 1) * DAY_WIDTH[zoom] }}
          >
            {strong ? (
              majorLabel(cell, label(cell, unit, zoom))
            ) : (
              label(cell, unit, zoom)
            )}
          </div>
        );
      })}
    </div>
  );
  return (
    <div className="relative" style={{ width }} data-testid="roadmap-scale">
      {row(units.major, HEADER_ROW.major, true)}
      {row(units.minor, HEADER_ROW.minor, false)}
      <div className="relative border-b border-[var(--border)]" style={{ height: HEADER_ROW.sprints }} aria-label={t("roadmap.sprintsRow")} role="group">
        {sprints.map((s) => {
          const left = Math.max(0, xOfDay(s.span.start, range.start, zoom));
          const right = Math.min(width, xOfDay(s.span.end + 1, range.start, zoom));
          if (right <= left) return null;
          return (
            <div
              key={s.guid}
              className="absolute top-1 flex h-[14px] items-center overflow-hidden whitespace-nowrap rounded px-1.5 text-[10px] font-semibold uppercase tracking-wide"
              style={{ left, width: right - left - 2, background: `color-mix(in srgb, var(--primary) ${s.active ? 26 : 14}%, transparent)`, color: "var(--text)" }}
              title={s.title}
              data-testid="roadmap-sprint"
            >
              {s.title}
            </div>
          );
        })}
      </div>
    </div>
  );
}

/** Weekends, sprint ranges, unit lines and the today line, behind (and, for today, over) the rows. */
export function RoadmapBackdrop({ range, zoom, sprints, today, height }: { range: Span; zoom: Zoom; sprints: SprintBand[]; today: Day; height: number }) {
  const { t } = useTranslation("views");
  const x = (day: Day) => xOfDay(day, range.start, zoom);
  const lines = headerCells(range, zoom === "quarter" ? "month" : "week").slice(1);
  const weekends = zoom === "quarter" ? [] : headerCells(range, "day").filter((d) => isWeekend(d.start));
  const todayVisible = today >= range.start && today <= range.end;
  return (
    <div className="pointer-events-none absolute top-0" style={{ height, width: (range.end - range.start + 1) * DAY_WIDTH[zoom] }} aria-hidden="true">
      {weekends.map((d) => (
        <div key={d.start} className="absolute inset-y-0" style={{ left: x(d.start), width: DAY_WIDTH[zoom], background: "color-mix(in srgb, var(--muted) 7%, transparent)" }} />
      ))}
      {sprints.map((s) => (
        <div
          key={s.guid}
          className="absolute inset-y-0 border-x border-dashed"
          style={{
            left: x(s.span.start),
            width: (s.span.end - s.span.start + 1) * DAY_WIDTH[zoom],
            background: `color-mix(in srgb, var(--primary) ${s.active ? 8 : 4}%, transparent)`,
            borderColor: "color-mix(in srgb, var(--primary) 35%, transparent)",
          }}
          data-testid="roadmap-sprint-band"
        />
      ))}
      {lines.map((cell) => (
        <div key={cell.start} className="absolute inset-y-0 w-px bg-[var(--border)] opacity-70" style={{ left: x(cell.start) }} />
      ))}
      {todayVisible && (
        <div className="absolute inset-y-0 z-[5] w-0.5 bg-[var(--danger)]" style={{ left: x(today) + DAY_WIDTH[zoom] / 2 - 1 }} data-testid="roadmap-today" title={t("roadmap.today")} />
      )}
    </div>
  );
}
