import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { JiraTokenGrant } from "../../domain/jira/token-schedule";
import { JIRA_RETURN_KEY, storeGrant } from "../features/jira/jira-tokens";
import { apiCall } from "../lib/api";

/** `/jira-callback` (spec §2): Atlassian sends the user back here; posts `{code}` and returns. */
export default function JiraCallback() {
  const { t } = useTranslation("projects");
  const navigate = useNavigate();
  const [failed, setFailed] = useState("");
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const code = params.get("code") ?? "";
    const state = params.get("state") ?? "";
    void apiCall<JiraTokenGrant>("POST", "/v1/jira", { code, state }).then((result) => {
      if (result.error) return setFailed((result.error.data as { detail?: string } | undefined)?.detail ?? t("jira.connectFailed"));
      storeGrant(result.data);
      const back = window.sessionStorage.getItem(JIRA_RETURN_KEY);
      window.sessionStorage.removeItem(JIRA_RETURN_KEY);
      navigate(back && back.startsWith("/") && !back.startsWith("//") ? back : "/project", { replace: true });
    });
  }, [navigate, t]);
  return (
    <main className="mx-auto max-w-xl px-4 py-16 text-center" data-testid="jira-callback">
      {failed ? <p className="text-[var(--danger)]">{failed}</p> : <p className="muted">{t("jira.connecting")}</p>}
    </main>
  );
}
