/**
 * The roadmap view of `/project/{guid}/taskboard?view=roadmap`: every task with dates as a bar
 * on a timeline, grouped by epic or by sprint, with the unscheduled ones listed below. Bars are
 * dragged (or moved with keys) to change the `start_date`/`end_date` fields; the change shows at
 * once and is undone if the server refuses it. Other people's changes arrive through the
 * route's live revalidation, as new `board` props.
 */
import { useVirtualizer } from "@tanstack/react-virtual";
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  type Day,
  DAY_WIDTH,
  type GroupBy,
  type RoadmapGroup,
  type Span,
  ZOOMS,
  type Zoom,
  barGeometry,
  dateOfDay,
  defaultSchedule,
  formatDay,
  localDay,
  xOfDay,
} from "../../../domain/planning/roadmap";
import { useSerial } from "../../lib/use-serial";
import { useApi } from "../shell/errors";
import { Spinner } from "../shell/spinner";
import { type ChangeVia, RoadmapBar, type RoadmapItem } from "./roadmap-bar";
import { RoadmapForecastPanel } from "./roadmap-forecast";
import { HEADER_HEIGHT, RoadmapBackdrop, RoadmapScale } from "./roadmap-header";
import { type Override, useRoadmapModel } from "./roadmap-model";
import { DEFAULT_PREFS, type RoadmapPrefs, readPrefs, writePrefs } from "./roadmap-prefs";
import type { ViewProps } from "./types";
import { boardIsEmpty } from "./empty-board";

const LABEL_WIDTH = 300;
const ROW_HEIGHT = 36;
/** Key presses come in bursts; write the dates once the keys have been still this long. */
const KEY_WRITE_DELAY_MS = 500;

function Segmented<T extends string>({ label, value, options, onChange, testId }: { label: string; value: T; options: { value: T; label: string }[]; onChange: (v: T) => void; testId: string }) {
  return (
    <div className="inline-flex items-center gap-2">
      <span className="muted text-xs font-medium" id={`${testId}-label`}>
        {label}
      </span>
      <div role="radiogroup" aria-labelledby={`${testId}-label`} className="inline-flex rounded-lg border border-[var(--border)] bg-[var(--surface)] p-0.5" data-testid={testId}>
        {options.map((o) => (
          <button
            key={o.value}
            type="button"
            role="radio"
            aria-checked={o.value === value}
            onClick={() => onChange(o.value)}
            className={`rounded-md px-2.5 py-1 text-xs font-medium ${o.value === value ? "bg-[var(--primary)] text-[var(--primary-text)]" : "muted hover:text-[var(--text)]"}`}
            data-testid={`${testId}-${o.value}`}
          >
            {o.label}
          </button>
        ))}
      </div>
    </div>
  );
}

const MARK: Record<string, string> = { late: "border-red-500 bg-red-500/15", at_risk: "border-amber-500 bg-amber-500/15", on_track: "border-emerald-500 bg-emerald-500/15" };

/** An epic's forecast on the timeline: a bracket from the median date to the 85 % date. */
function ForecastMark({ span, p50, p85, standing, origin, zoom, describe }: { span: Span; p50: string; p85: string; standing: string | null; origin: Day; zoom: Zoom; describe: (span: Span) => string }) {
  const { t } = useTranslation("views");
  const { left, width } = barGeometry(span, origin, zoom);
  const label = t("roadmapForecast.mark", { p50: describe({ start: span.start, end: span.start }), p85: describe({ start: span.end, end: span.end }) });
  return (
    <div
      className={`absolute top-1/2 h-4 -translate-y-1/2 rounded-sm border-2 border-dashed ${MARK[standing ?? ""] ?? "border-[var(--primary)] bg-[color-mix(in_srgb,var(--primary)_12%,transparent)]"}`}
      style={{ left, width }}
      title={label}
      aria-label={label}
      role="img"
      data-testid="roadmap-forecast-mark"
      data-p50={p50}
      data-p85={p85}
    />
  );
}

export default function RoadmapView({ projectGuid, board, definitions, canWrite, pace, onChanged }: ViewProps) {
  const { t, i18n } = useTranslation("views");
  const api = useApi();
  const serial = useSerial();
  const hintId = useId();
  const scroller = useRef<HTMLDivElement>(null);

  // Today and the stored preferences exist only in the browser: render the timeline after mount.
  const [today, setToday] = useState<Day | null>(null);
  const [prefs, setPrefs] = useState<RoadmapPrefs>(DEFAULT_PREFS);
  useEffect(() => {
    setToday(localDay(new Date()));
    setPrefs(readPrefs(projectGuid));
  }, [projectGuid]);
  const choose = (next: Partial<RoadmapPrefs>) => {
    const merged = { ...prefs, ...next };
    setPrefs(merged);
    writePrefs(projectGuid, merged);
  };

  // Dates changed here but not yet confirmed by fresh board data.
  const [overrides, setOverrides] = useState<Map<string, Override>>(new Map());
  // New board data replaces every change the server has already confirmed.
  useEffect(() => setOverrides((current) => new Map([...current].filter(([, o]) => !o.settled))), [board]);

  const { ids, items, unscheduled, forecast, sprintBands, lines, ahead, range } = useRoadmapModel({ projectGuid, board, definitions, pace, overrides, group: prefs.group, zoom: prefs.zoom, today });

  const virtualizer = useVirtualizer({ count: lines.length, getScrollElement: () => scroller.current, estimateSize: () => ROW_HEIGHT, overscan: 12, scrollMargin: HEADER_HEIGHT });

  // Open on today, and come back to it when the zoom changes.
  const scrollToToday = useCallback(() => {
    const el = scroller.current;
    if (!el || !range || today === null) return;
    el.scrollLeft = Math.max(0, xOfDay(today, range.start, prefs.zoom) - (el.clientWidth - LABEL_WIDTH) / 3);
  }, [range, today, prefs.zoom]);
  const scrolledFor = useRef<string | null>(null);
  useLayoutEffect(() => {
    if (!range || scrolledFor.current === prefs.zoom) return;
    scrolledFor.current = prefs.zoom;
    scrollToToday();
  }, [range, prefs.zoom, scrollToToday]);

  const lng = i18n.language;
  // Dates of this year go without the year: "Mar 2 – 6" rather than "Mar 2 – 6, 2026".
  const describe = useCallback(
    (span: Span) => {
      const year = today === null ? null : dateOfDay(today).getUTCFullYear();
      const thisYear = dateOfDay(span.start).getUTCFullYear() === year && dateOfDay(span.end).getUTCFullYear() === year;
      const fmt = new Intl.DateTimeFormat(lng, { day: "numeric", month: "short", ...(thisYear ? {} : { year: "numeric" }), timeZone: "UTC" });
      return span.start === span.end ? fmt.format(dateOfDay(span.start)) : fmt.formatRange(dateOfDay(span.start), dateOfDay(span.end));
    },
    [lng, today],
  );
  const [announcement, setAnnouncement] = useState("");

  // Writes: one at a time and in order; a refused one is taken back unless a newer change followed.
  const keyTimers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  useEffect(() => () => keyTimers.current.forEach(clearTimeout), []);
  const write = useCallback(
    (guid: string, span: Span) =>
      serial(async () => {
        if (!ids.start || !ids.end) return;
        const result = await api("PUT", `/v1/project/${projectGuid}/issue/${guid}`, {
          custom_fields: [
            { guid: ids.start, value: formatDay(span.start) },
            { guid: ids.end, value: formatDay(span.end) },
          ],
        });
        const same = (o: Override | undefined) => o && o.span.start === span.start && o.span.end === span.end;
        setOverrides((current) => {
          const o = current.get(guid);
          if (!same(o) || keyTimers.current.has(guid)) return current;
          const next = new Map(current);
          if (result.error) next.delete(guid);
          else next.set(guid, { span, settled: true });
          return next;
        });
        if (!result.error) onChanged();
      }),
    [api, ids.end, ids.start, onChanged, projectGuid, serial],
  );
  const change = useCallback(
    (item: RoadmapItem, span: Span, via: ChangeVia) => {
      setOverrides((current) => new Map(current).set(item.guid, { span, settled: false }));
      setAnnouncement(t("roadmap.moved", { title: item.title, dates: describe(span) }));
      const timers = keyTimers.current;
      clearTimeout(timers.get(item.guid));
      timers.delete(item.guid);
      if (via === "pointer") void write(item.guid, span);
      else
        timers.set(
          item.guid,
          setTimeout(() => {
            timers.delete(item.guid);
            void write(item.guid, span);
          }, KEY_WRITE_DELAY_MS),
        );
    },
    [describe, t, write],
  );

  const taskHref = (guid: string) => `/project/${projectGuid}/taskboard/${guid}?view=roadmap`;
  const groupTitle = (group: RoadmapGroup<RoadmapItem>) => {
    if (group.kind === "none") return prefs.group === "epic" ? t("roadmap.noEpic") : t("roadmap.noSprint");
    if (group.kind === "sprint") return board.sprints.find((s) => s.guid === group.id)?.title ?? "";
    return items.epics.find((e) => e.guid === group.id)?.title ?? "";
  };

  if (today === null || !range) return <Spinner />;
  const timelineWidth = (range.end - range.start + 1) * DAY_WIDTH[prefs.zoom];

  return (
    <section className="flex flex-col gap-4" data-testid="roadmap" data-zoom={prefs.zoom} data-group={prefs.group} aria-label={t("switcher.roadmap")}>
      <div className="flex flex-wrap items-center gap-4" role="toolbar" aria-label={t("roadmap.toolbar")}>
        <Segmented
          label={t("roadmap.groupBy")}
          value={prefs.group}
          options={(["epic", "sprint"] as GroupBy[]).map((g) => ({ value: g, label: t(`roadmap.group.${g}`) }))}
          onChange={(group) => choose({ group })}
          testId="roadmap-group"
        />
        <Segmented
          label={t("roadmap.zoom")}
          value={prefs.zoom}
          options={ZOOMS.map((z) => ({ value: z as Zoom, label: t(`roadmap.zooms.${z}`) }))}
          onChange={(zoom) => choose({ zoom })}
          testId="roadmap-zoom"
        />
        <button type="button" className="btn py-1 text-xs" onClick={scrollToToday} data-testid="roadmap-today-button">
          {t("roadmap.today")}
        </button>
        {!canWrite && <span className="muted text-xs" data-testid="roadmap-read-only">{t("roadmap.readOnly")}</span>}
      </div>
      {forecast && <RoadmapForecastPanel forecast={forecast} pace={pace} titleOf={(guid) => items.epics.find((e) => e.guid === guid)?.title ?? ""} />}
      {canWrite && (
        <p id={hintId} className="sr-only">
          {t("roadmap.keys")}
        </p>
      )}
      <p className="sr-only" aria-live="polite" data-testid="roadmap-announcement">
        {announcement}
      </p>

      {/* A scroller people reach with Tab, so the keyboard can scroll the timeline even where it holds no bar. */}
      <div ref={scroller} className="card relative overflow-auto" style={{ maxHeight: "calc(100vh - 16rem)", minHeight: 280 }} tabIndex={0} role="region" aria-label={t("roadmap.timeline")} data-testid="roadmap-scroller">
        <div style={{ width: LABEL_WIDTH + timelineWidth }}>
          <div className="sticky top-0 z-20 flex bg-[var(--surface)]">
            <div className="sticky left-0 z-30 flex shrink-0 items-end border-b border-r border-[var(--border)] bg-[var(--surface)] px-3 pb-1.5 text-xs font-semibold" style={{ width: LABEL_WIDTH, height: HEADER_HEIGHT }}>
              {t("roadmap.taskColumn")}
            </div>
            <RoadmapScale range={range} zoom={prefs.zoom} sprints={sprintBands} today={today} scroller={scroller} />
          </div>
          <div className="relative" style={{ height: Math.max(virtualizer.getTotalSize(), ROW_HEIGHT * 3) }}>
            <div className="absolute inset-y-0" style={{ left: LABEL_WIDTH }}>
              <RoadmapBackdrop range={range} zoom={prefs.zoom} sprints={sprintBands} today={today} height={Math.max(virtualizer.getTotalSize(), ROW_HEIGHT * 3)} />
            </div>
            {lines.length === 0 && !boardIsEmpty(board) && (
              <p className="muted sticky left-0 px-3 py-6 text-sm" style={{ width: LABEL_WIDTH + 360 }} data-testid="roadmap-empty">
                {t("roadmap.empty")}
              </p>
            )}
            {virtualizer.getVirtualItems().map((v) => {
              const line = lines[v.index]!;
              const top = v.start - HEADER_HEIGHT;
              if (line.kind === "group") {
                const { group } = line;
                const band = group.span ? barGeometry(group.span, range.start, prefs.zoom) : null;
                return (
                  <div key={`g:${group.id}`} className="absolute left-0 flex w-full border-b border-[var(--border)]" style={{ top, height: ROW_HEIGHT }} data-testid="roadmap-group" data-group-id={group.id}>
                    <div className="sticky left-0 z-10 flex shrink-0 items-center gap-2 border-r border-[var(--border)] bg-[var(--surface-2)] px-3" style={{ width: LABEL_WIDTH }}>
                      {group.kind === "epic" ? (
                        <Link to={taskHref(group.id)} className="truncate text-sm font-semibold hover:underline" data-testid="roadmap-group-title">
                          {groupTitle(group)}
                        </Link>
                      ) : (
                        <span className="truncate text-sm font-semibold" data-testid="roadmap-group-title">
                          {groupTitle(group)}
                        </span>
                      )}
                      <span className="muted ml-auto shrink-0 text-[11px]" data-testid="roadmap-group-span">
                        {group.span ? describe(group.span) : t("roadmap.noDates")}
                      </span>
                    </div>
                    <div className="relative bg-[color-mix(in_srgb,var(--surface-2)_55%,transparent)]" style={{ width: timelineWidth }}>
                      {band && (
                        <div className="absolute top-1/2 h-1.5 -translate-y-1/2 rounded-full bg-[color-mix(in_srgb,var(--muted)_55%,transparent)]" style={{ left: band.left, width: band.width }} aria-hidden="true" />
                      )}
                      {ahead.has(group.id) && <ForecastMark {...ahead.get(group.id)!} origin={range.start} zoom={prefs.zoom} describe={describe} />}
                    </div>
                  </div>
                );
              }
              const { item } = line;
              return (
                <div key={item.guid} className="absolute left-0 flex w-full border-b border-[color-mix(in_srgb,var(--border)_60%,transparent)]" style={{ top, height: ROW_HEIGHT }} data-testid="roadmap-row" data-guid={item.guid}>
                  <div className="sticky left-0 z-10 flex shrink-0 items-center gap-2 border-r border-[var(--border)] bg-[var(--surface)] px-3" style={{ width: LABEL_WIDTH }}>
                    <span className="muted w-10 shrink-0 text-xs tabular-nums">#{item.number}</span>
                    <Link to={taskHref(item.guid)} className={`truncate text-sm hover:underline ${item.isEpic ? "font-semibold" : ""}`}>
                      {item.title}
                    </Link>
                  </div>
                  <div className="relative" style={{ width: timelineWidth }}>
                    <RoadmapBar
                      item={item}
                      span={line.span}
                      marker={line.marker}
                      origin={range.start}
                      last={range.end}
                      zoom={prefs.zoom}
                      canWrite={canWrite}
                      hintId={hintId}
                      href={taskHref(item.guid)}
                      describe={describe}
                      onChange={change}
                    />
                  </div>
                </div>
              );
            })}
          </div>
        </div>
      </div>

      <section className="card" aria-labelledby={`${hintId}-unscheduled`} data-testid="roadmap-unscheduled">
        <header className="flex items-center gap-3 border-b border-[var(--border)] px-4 py-2.5">
          <h3 id={`${hintId}-unscheduled`} className="text-sm font-semibold">
            {t("roadmap.unscheduled")}
          </h3>
          <span className="muted text-xs">{t("roadmap.unscheduledCount", { count: unscheduled.length })}</span>
        </header>
        {unscheduled.length === 0 ? (
          <p className="muted px-4 py-3 text-sm">{t("roadmap.allScheduled")}</p>
        ) : (
          <ul className="max-h-72 overflow-auto">
            {unscheduled.map((item) => (
              <li key={item.guid} className="flex items-center gap-3 border-b border-[var(--border)] px-4 py-1.5 last:border-b-0" data-testid="roadmap-unscheduled-task" data-guid={item.guid} data-title={item.title}>
                <span className="muted w-10 shrink-0 text-xs tabular-nums">#{item.number}</span>
                <Link to={taskHref(item.guid)} className={`min-w-0 flex-1 truncate text-sm hover:underline ${item.isEpic ? "font-semibold" : ""}`}>
                  {item.title}
                </Link>
                {canWrite && (
                  <button
                    type="button"
                    className="btn py-1 text-xs"
                    onClick={() => change(item, defaultSchedule(today), "pointer")}
                    aria-label={t("roadmap.scheduleTask", { title: item.title })}
                    data-testid="roadmap-schedule"
                  >
                    {t("roadmap.schedule")}
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </section>
  );
}
