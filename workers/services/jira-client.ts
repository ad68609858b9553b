/**
 * Calls to one Jira Cloud site's REST API with a plain access token (inside the JiraImport
 * object only). A refused call throws `JiraHttpError` carrying the status and Retry-After, so
 * the object can wait or back off (domain/jira/import-plan.ts) and try the same step again.
 */

export class JiraHttpError extends Error {
  constructor(
    readonly status: number,
    readonly retryAfter: string | null,
    readonly path: string,
  ) {
    super(`jira ${status} ${path}`);
  }
}

const CALL_TIMEOUT_MS = 30_000;

export interface JiraSite {
  apiUrl: string;
  cloudId: string;
  accessToken: string;
}

async function call(site: JiraSite, path: string, init: RequestInit = {}): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(`${site.apiUrl}/${site.cloudId}${path}`, {
      ...init,
      headers: { Authorization: `Bearer ${site.accessToken}`, Accept: "application/json", ...(init.body ? { "Content-Type": "application/json" } : {}) },
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    });
  } catch {
    throw new JiraHttpError(0, null, path);
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new JiraHttpError(res.status, res.headers.get("Retry-After"), path);
  }
  return res;
}

export async function jiraJson<T>(site: JiraSite, path: string, query: Record<string, string | number | undefined> = {}): Promise<T> {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined) q.set(k, String(v));
  const qs = q.toString();
  const res = await call(site, qs ? `${path}?${qs}` : path);
  return (await res.json()) as T;
}

export async function jiraPost<T>(site: JiraSite, path: string, body: unknown): Promise<T> {
  return (await (await call(site, path, { method: "POST", body: JSON.stringify(body) })).json()) as T;
}

/** An attachment's bytes (`/rest/api/3/attachment/content/{id}`). */
export async function jiraBytes(site: JiraSite, attachmentId: string): Promise<{ bytes: Uint8Array; type: string }> {
  const res = await call(site, `/rest/api/3/attachment/content/${encodeURIComponent(attachmentId)}`);
  return { bytes: new Uint8Array(await res.arrayBuffer()), type: res.headers.get("Content-Type") ?? "application/octet-stream" };
}

/** Every item of an Agile/REST list paged by `startAt` until `isLast`. */
export async function jiraAll<T>(site: JiraSite, path: string, query: Record<string, string | number> = {}): Promise<T[]> {
  const all: T[] = [];
  for (let startAt = 0, guard = 0; guard < 200; guard++) {
    const page = await jiraJson<{ values: T[]; isLast?: boolean; total?: number }>(site, path, { ...query, startAt });
    all.push(...page.values);
    startAt += page.values.length;
    if (page.isLast !== false || page.values.length === 0) break;
  }
  return all;
}
