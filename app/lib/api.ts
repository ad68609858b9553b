/**
 * The browser's one way to call the API. It never throws: a call resolves to its data or to an
 * ApiError of spec §8 (HTTP status with body, or FETCH_ERROR / TIMEOUT_ERROR / PARSING_ERROR).
 */
import type { ApiError } from "../../domain/http/errors";

export const API_BASE = "/api";
const TIMEOUT_MS = 30_000;

export type ApiResult<T> = { data: T; error?: undefined } | { data?: undefined; error: ApiError };

export async function apiCall<T>(
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE",
  path: string,
  body?: unknown,
): Promise<ApiResult<T>> {
  const isForm = body instanceof FormData;
  // Bytes (a Yjs update to import) travel as they are.
  const isBytes = body instanceof Uint8Array;
  let res: Response;
  try {
    res = await fetch(`${API_BASE}${path}`, {
      method,
      credentials: "same-origin",
      headers: body === undefined || isForm ? {} : { "Content-Type": isBytes ? "application/octet-stream" : "application/json" },
      body: body === undefined ? undefined : isForm ? body : isBytes ? (body as BodyInit) : JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (err) {
    const timeout = err instanceof DOMException && err.name === "TimeoutError";
    return { error: { status: timeout ? "TIMEOUT_ERROR" : "FETCH_ERROR", statusText: String(err) } };
  }
  if (res.status === 204) return { data: undefined as T };
  const text = await res.text();
  let parsed: unknown = undefined;
  if (text) {
    try {
      parsed = JSON.parse(text);
    } catch {
      return res.ok
        ? { error: { status: "PARSING_ERROR", statusText: "invalid JSON" } }
        : { error: { status: res.status, statusText: res.statusText, data: text } };
    }
  }
  if (res.ok) return { data: parsed as T };
  return { error: { status: res.status, statusText: res.statusText, data: parsed } };
}

/** The error of a failed answer fetched outside `apiCall` (bytes, a download): its status, with its JSON body when it has one. */
export async function httpError(res: Response): Promise<{ status: number; statusText: string; data: unknown }> {
  let data: unknown;
  try {
    data = await res.json();
  } catch {
    data = undefined;
  }
  return { status: res.status, statusText: res.statusText, data };
}
