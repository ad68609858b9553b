import { type CSSProperties, type KeyboardEvent, useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { apiCall } from "../../lib/api";
import { useViewer } from "./viewer";

/**
 * The product tour of the signed-in start page (`/project`). Each step names the
 * `data-tour="…"` element it points at, or its fallback when that one is not displayed (on a
 * phone, language and theme sit inside the header's closed menu: the step points at the menu
 * button); a step with neither (no rooms yet) is left out.
 */
export const TOUR_STEPS: readonly { id: string; target: string; fallback?: string }[] = [
  { id: "newProject", target: "new-project" },
  { id: "rooms", target: "rooms" },
  { id: "notifications", target: "notifications" },
  { id: "help", target: "help" },
  { id: "preferences", target: "preferences", fallback: "preferences-menu" },
];

export const TOUR_PAGE = "/project";
/** The navigation state that asks for the tour (the help menu's "Take the tour"). */
export const TOUR_REQUEST = "tour";

/**
 * "Seen" lives on the account (`WhoAmI.tour_seen`, set by `POST /v1/tour/seen`), so a tour
 * finished on one device is not shown on another; this browser's local storage keeps it too,
 * one key per user, so a failed call does not show it twice here.
 */
export function tourSeenKey(userGuid: string) {
  return `tour.seen.${userGuid}`;
}

function readSeen(key: string): boolean {
  try {
    return localStorage.getItem(key) !== null;
  } catch {
    return true; // storage blocked: never nag on every visit
  }
}

function writeSeen(key: string) {
  try {
    localStorage.setItem(key, new Date().toISOString());
  } catch {
    // storage blocked: nothing to remember
  }
}

/** Tells the account; quiet on failure (local storage still remembers on this device). */
function tellAccount() {
  void apiCall("POST", "/v1/tour/seen");
}

function shown(target: string): HTMLElement | null {
  const el = document.querySelector<HTMLElement>(`[data-tour="${target}"]`);
  if (!el) return null;
  const r = el.getBoundingClientRect();
  return r.width > 0 && r.height > 0 ? el : null;
}

const targetOf = (step: (typeof TOUR_STEPS)[number]) => shown(step.target) ?? (step.fallback ? shown(step.fallback) : null);

type Run = { steps: (typeof TOUR_STEPS)[number][]; index: number; focus: boolean };
type Place = { box: CSSProperties; ring: CSSProperties };

const GAP = 10;
const WIDTH = 320;

/** Below the element when it fits, else above; its right edge at the element's, kept on screen. */
function place(el: HTMLElement, popover: HTMLElement | null): Place {
  const r = el.getBoundingClientRect();
  const height = popover?.offsetHeight ?? 180;
  const width = Math.min(WIDTH, window.innerWidth - 16);
  const left = Math.max(8, Math.min(r.right - width, window.innerWidth - width - 8));
  const below = r.bottom + GAP + height <= window.innerHeight || r.top - GAP - height < 0;
  const top = below ? r.bottom + GAP : r.top - GAP - height;
  return {
    box: { position: "absolute", top: top + window.scrollY, left: left + window.scrollX, width },
    ring: { position: "absolute", top: r.top + window.scrollY - 4, left: r.left + window.scrollX - 4, width: r.width + 8, height: r.height + 8 },
  };
}

/**
 * Shown once to a new user on their first visit to the start page, and again whenever the help
 * menu asks. Non-modal: it blocks no clicks elsewhere and, when shown by itself, takes the focus
 * only if nothing has it (a person already typing keeps typing).
 */
export function Tour() {
  const { t } = useTranslation("tour");
  const user = useViewer();
  const location = useLocation();
  const [run, setRun] = useState<Run | null>(null);
  const [where, setWhere] = useState<Place | null>(null);
  const popover = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const request = (location.state as Record<string, unknown> | null)?.[TOUR_REQUEST];

  const begin = useCallback((focus: boolean) => {
    const steps = TOUR_STEPS.filter((s) => targetOf(s));
    if (steps.length > 0) setRun({ steps, index: 0, focus });
  }, []);

  // First visit after sign-in: show it and remember that it was shown.
  useEffect(() => {
    if (!user || location.pathname !== TOUR_PAGE || request || user.tour_seen) return;
    const key = tourSeenKey(user.guid);
    // Seen here before the account kept it: tell the account, show nothing.
    if (readSeen(key)) return tellAccount();
    const timer = window.setTimeout(() => {
      writeSeen(key);
      tellAccount();
      begin(document.activeElement === null || document.activeElement === document.body);
    }, 0);
    return () => window.clearTimeout(timer);
  }, [user, location.pathname, request, begin]);

  // Replay from the help menu.
  useEffect(() => {
    if (!user || location.pathname !== TOUR_PAGE || !request) return;
    writeSeen(tourSeenKey(user.guid));
    if (!user.tour_seen) tellAccount();
    const timer = window.setTimeout(() => begin(true), 0);
    return () => window.clearTimeout(timer);
  }, [user, location.pathname, request, begin]);

  // Leaving the page ends the tour.
  useEffect(() => {
    if (location.pathname !== TOUR_PAGE) setRun(null);
  }, [location.pathname]);

  const step = run?.steps[run.index];

  useLayoutEffect(() => {
    if (!step) return setWhere(null);
    const el = targetOf(step);
    if (!el) {
      // The element went away meanwhile: skip the step.
      setRun((r) => (r ? nextRun(r) : r));
      return;
    }
    el.scrollIntoView({ block: "nearest", inline: "nearest" });
    const update = () => setWhere(place(el, popover.current));
    update();
    window.addEventListener("resize", update);
    window.addEventListener("scroll", update, true);
    return () => {
      window.removeEventListener("resize", update);
      window.removeEventListener("scroll", update, true);
    };
  }, [step]);

  // Measure again once the popover has its real height, then take the focus if allowed.
  useLayoutEffect(() => {
    if (!step || !where || !popover.current) return;
    const el = targetOf(step);
    if (el && popover.current.offsetHeight) {
      const next = place(el, popover.current);
      if (next.box.top !== where.box.top) setWhere(next);
    }
  }, [step, where]);

  useEffect(() => {
    if (run?.focus && where) popover.current?.focus();
  }, [run?.focus, run?.index, where === null]); // once per step, when it has its place

  if (!run || !step || !where) return null;
  const last = run.index === run.steps.length - 1;
  const close = () => setRun(null);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === "Escape") {
      e.stopPropagation();
      close();
    }
  };

  return (
    <>
      <div aria-hidden="true" className="pointer-events-none z-40 rounded-xl ring-2 ring-[var(--primary)] ring-offset-2 ring-offset-[var(--surface)]" style={where.ring} />
      <div
        ref={popover}
        role="dialog"
        aria-modal="false"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        className="card z-50 p-4 shadow-lg outline-none"
        style={where.box}
        data-testid="tour"
        data-step={step.id}
      >
        <p className="muted text-xs" data-testid="tour-progress">
          {t("progress", { current: run.index + 1, total: run.steps.length })}
        </p>
        <h2 id={titleId} className="mt-1 font-semibold">
          {t(`steps.${step.id}.title`)}
        </h2>
        <p className="mt-1 text-sm">{t(`steps.${step.id}.body`)}</p>
        <div className="mt-4 flex items-center gap-2">
          {!last && (
            <button type="button" className="link mr-auto text-sm" onClick={close}>
              {t("skip")}
            </button>
          )}
          {run.index > 0 && (
            <button type="button" className={`btn py-1 text-sm ${last ? "ml-auto" : ""}`} onClick={() => setRun({ ...run, index: run.index - 1 })}>
              {t("back")}
            </button>
          )}
          {last ? (
            <button type="button" className={`btn btn-primary py-1 text-sm ${run.index === 0 ? "ml-auto" : ""}`} onClick={close}>
              {t("done")}
            </button>
          ) : (
            <button type="button" className="btn btn-primary py-1 text-sm" onClick={() => setRun(nextRun(run))}>
              {t("next")}
            </button>
          )}
        </div>
      </div>
    </>
  );
}

function nextRun(r: Run): Run | null {
  return r.index + 1 < r.steps.length ? { ...r, index: r.index + 1 } : null;
}
