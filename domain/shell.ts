/** Constants and small rules of the application shell (spec §2, §9). */

export const TOOLTIP = { id: "my-tooltip", offset: 10, arrowSize: 8, transitionSeconds: 0.15 } as const;
/** Toasts: default auto-close, the share of the width a drag must cover to dismiss, position. */
export const TOAST = { autoCloseMs: 5000, draggablePercent: 80, position: "top-right" } as const;

export const THEMES = ["light", "dark"] as const;
export type Theme = (typeof THEMES)[number];
export const THEME_STORAGE_KEY = "theme";

export function toTheme(value: unknown): Theme {
  return value === "dark" ? "dark" : "light";
}
/** The tooltip is drawn in the opposite scheme so it stands out from the page. */
export function tooltipVariant(theme: Theme): Theme {
  return theme === "dark" ? "light" : "dark";
}

/** Local storage keys whose legacy value `planning` now means `taskboard`. */
export const LEGACY_PAGE_KEYS = ["lastPage", "actionProject"] as const;

/**
 * `/project/x/planning/y` → `/project/x/taskboard/y`; undefined when nothing changes. The result
 * is always a path of this site (see `sitePath`), whatever the request's path looked like.
 */
export function rewriteLegacyPath(pathname: string): string | undefined {
  if (!/\/planning(?=\/|$)/.test(pathname)) return undefined;
  return sitePath(pathname.replace(/\/planning(?=\/|$)/g, "/taskboard"));
}

/**
 * A path that stays on this site when used as a Location: `//host/x` and `/\host/x` are read by
 * browsers as another host, so every run of leading slashes and backslashes becomes one "/", and
 * control characters (which URL parsers drop) are removed.
 */
export function sitePath(path: string): string {
  return `/${path.replace(/[\u0000-\u001f\u007f]/g, "").replace(/^[/\\]+/, "")}`;
}

export function migrateStoredPage(value: string | null): string | null {
  return value === "planning" ? "taskboard" : value;
}

/** Sign-in state is skipped on the OAuth-style callback page (spec §4). */
export function skipsSessionCheck(pathname: string): boolean {
  return pathname.includes("auth-callback");
}

/** Only same-site paths may be a destination after sign-in (no open redirect). */
export function safeNext(next: string | null | undefined, fallback = "/project"): string {
  // URL parsers drop tabs and newlines and read a backslash as "/", so "/<tab>/evil.com" and
  // "/<newline>\\evil.com" leave the site; refusing control characters keeps the prefix checks honest.
  if (!next || /[\u0000-\u001f\u007f]/.test(next)) return fallback;
  return next.startsWith("/") && !next.startsWith("//") && !next.startsWith("/\\") ? next : fallback;
}
