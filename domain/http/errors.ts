/** Client-side error rules of spec §8, kept pure so they are tested without a browser. */

export type ApiErrorKind = "FETCH_ERROR" | "TIMEOUT_ERROR" | "PARSING_ERROR";

/** What an API call can fail with: an HTTP status with its body, or a transport kind. */
export type ApiError =
  | { status: number; statusText: string; data: unknown }
  | { status: ApiErrorKind; statusText: string; data?: undefined };

/** The shell's error state (spec §3 "errors"). */
export interface ErrorState {
  show: boolean;
  status: number | ApiErrorKind | null;
  statusText: string;
  text: string;
}

/**
 * Every string value anywhere in a body, in order, joined by spaces (spec §8) — each text once,
 * and without our problem bodies' machine-readable `code` (their `detail` and `fields` already
 * say it in the reader's language).
 */
export function flattenStrings(body: unknown): string {
  const out: string[] = [];
  const walk = (value: unknown, depth: number) => {
    if (depth > 8) return;
    if (typeof value === "string") {
      if (!out.includes(value)) out.push(value);
    } else if (Array.isArray(value)) for (const item of value) walk(item, depth + 1);
    else if (value && typeof value === "object") {
      for (const [key, item] of Object.entries(value)) if (!(depth === 0 && key === "code" && "detail" in value)) walk(item, depth + 1);
    }
  };
  walk(body, 0);
  return out.join(" ");
}

/** What the shell does with a failed call. */
export type ErrorAction = { kind: "signOut" } | { kind: "show"; state: ErrorState } | { kind: "log" };

/**
 * 401 sends the user to the root page; other statuses below 500 become the visible error
 * state; 5xx and transport failures are logged only (spec §8).
 */
export function classifyError(error: ApiError): ErrorAction {
  if (typeof error.status === "number") {
    if (error.status === 401) return { kind: "signOut" };
    if (error.status < 500) {
      return {
        kind: "show",
        state: { show: true, status: error.status, statusText: error.statusText, text: flattenStrings(error.data) },
      };
    }
  }
  return { kind: "log" };
}

/** Shell constants of spec §9. */
export const ERROR_TOAST_MS = 3000;
export const ERROR_STATE_HIDE_MS = 4000;
