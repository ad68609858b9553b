/**
 * The browser's side of the Jira token set (spec §3 keys, §4 schedule): read, store after the
 * callback, and keep fresh with the pure schedule of `domain/jira/token-schedule`.
 */
import { useEffect, useState } from "react";
import { type JiraTokenGrant, type JiraTokenSet, type RefreshOutcome, createTokenScheduler, readTokenSet, tokenSetFrom, writeTokenSet } from "../../../domain/jira/token-schedule";
import { apiCall } from "../../lib/api";

/** Where to return after Atlassian's page (session storage, this tab only). */
export const JIRA_RETURN_KEY = "jira_return";

export function storeGrant(grant: JiraTokenGrant): JiraTokenSet {
  const set = tokenSetFrom(grant, Date.now());
  writeTokenSet(window.localStorage, set);
  return set;
}

async function refresh(refreshToken: string): Promise<RefreshOutcome> {
  const result = await apiCall<JiraTokenGrant>("POST", "/v1/jira/refresh_token", { refresh_token: refreshToken });
  if (result.data) return { ok: true, grant: result.data };
  return { ok: false, status: typeof result.error.status === "number" ? result.error.status : 0 };
}

/** The stored set, kept fresh while the component is mounted; null when not connected. */
export function useJiraTokens(): [JiraTokenSet | null, (set: JiraTokenSet | null) => void] {
  const [set, setSet] = useState<JiraTokenSet | null>(null);
  useEffect(() => {
    setSet(readTokenSet(window.localStorage));
    const scheduler = createTokenScheduler({
      store: window.localStorage,
      clock: { now: () => Date.now(), setTimeout: (fn, ms) => window.setTimeout(fn, ms), clearTimeout: (h) => window.clearTimeout(h as number) },
      refresh,
      onChange: setSet,
    });
    scheduler.start();
    return () => scheduler.stop();
  }, []);
  return [set, setSet];
}
