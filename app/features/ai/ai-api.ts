/**
 * Calls of the AI helper. Unlike `apiCall`, an answer may take a minute (the text streams over
 * the user hub meanwhile), and refusals are shown where the user asked, not as a global toast.
 */
import { useEffect, useState } from "react";
import { API_BASE, apiCall } from "../../lib/api";

/** A refusal as the helper shows it: the translated `detail` from the server, and its code. */
export interface AiProblem {
  code: string;
  detail: string;
}

export type AiResult<T> = { ok: true; data: T } | { ok: false; problem: AiProblem };

/** Longer than the server's own provider timeout, so that the server always answers first. */
const AI_CALL_TIMEOUT_MS = 150_000;

export async function aiCall<T>(method: "GET" | "POST" | "DELETE", path: string, body?: unknown, fallback = "Error"): Promise<AiResult<T>> {
  try {
    const res = await fetch(`${API_BASE}${path}`, {
      method,
      credentials: "same-origin",
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(AI_CALL_TIMEOUT_MS),
    });
    if (res.status === 204) return { ok: true, data: undefined as T };
    const json = (await res.json().catch(() => undefined)) as (T & { code?: string; detail?: string }) | undefined;
    if (res.ok && json !== undefined) return { ok: true, data: json };
    return { ok: false, problem: { code: json?.code ?? String(res.status), detail: json?.detail ?? fallback } };
  } catch {
    return { ok: false, problem: { code: "fetch_error", detail: fallback } };
  }
}

/** Stops a running answer (and its provider request). */
export function cancelAi(project: string, run: string) {
  return apiCall("POST", `/v1/project/${project}/ai/cancel/${run}`);
}

/** Whether the project's AI helper is configured (null while asking). */
export function useAiStatus(project: string | null): { configured: boolean } | null {
  const [status, setStatus] = useState<{ configured: boolean } | null>(null);
  useEffect(() => {
    if (!project) return;
    let live = true;
    void apiCall<{ configured: boolean }>("GET", `/v1/project/${project}/ai`).then((r) => {
      if (live) setStatus({ configured: !!r.data?.configured });
    });
    return () => {
      live = false;
    };
  }, [project]);
  return status;
}
