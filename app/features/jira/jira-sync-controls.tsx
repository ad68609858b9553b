import { useState } from "react";
import { useTranslation } from "react-i18next";
import { SYNC_EVERY, type SyncEvery } from "../../../domain/jira/resync";
import { useApi } from "../shell/errors";
import { formatDateTime } from "../../../domain/time/format";

export interface SyncSchedule {
  every: Exclude<SyncEvery, "off">;
  next_at: number;
  last_synced_at: number | null;
}

export interface UnmatchedPerson {
  account_id: string;
  name: string;
  email: string;
  invited: boolean;
}

/**
 * Under a finished import's report: how often it re-syncs, and the Jira people with no account
 * here, invited in one click (their Jira tasks become theirs when they accept).
 */
export function JiraSyncControls({ projectGuid, importGuid, schedule, people }: { projectGuid: string; importGuid: string; schedule: SyncSchedule | null; people: UnmatchedPerson[] }) {
  const { t, i18n } = useTranslation("projects");
  const api = useApi();
  const [current, setCurrent] = useState(schedule);
  const [list, setList] = useState(people);
  const [busy, setBusy] = useState(false);
  const base = `/v1/project/${projectGuid}/jira/import/${importGuid}`;

  const choose = async (every: SyncEvery) => {
    const r = await api<{ schedule: SyncSchedule | null }>("PUT", `${base}/schedule`, { every });
    if (r.data) setCurrent(r.data.schedule);
  };
  const waiting = list.filter((p) => !p.invited);
  const inviteAll = async () => {
    setBusy(true);
    const r = await api<unknown[]>("POST", `${base}/invite`, { account_ids: waiting.map((p) => p.account_id) });
    setBusy(false);
    if (r.data) setList(list.map((p) => ({ ...p, invited: true })));
  };

  return (
    <div className="grid gap-4">
      <label className="grid gap-1 text-sm sm:max-w-sm">
        <span className="font-medium">{t("jira.sync.label")}</span>
        <select className="input" value={current?.every ?? "off"} onChange={(e) => void choose(e.target.value as SyncEvery)} data-testid="jira-sync-every">
          {SYNC_EVERY.map((every) => (
            <option key={every} value={every}>
              {t(`jira.sync.${every}`)}
            </option>
          ))}
        </select>
        {current && (
          <span className="muted" data-testid="jira-sync-next">
            {t("jira.sync.next", { at: formatDateTime(current.next_at, i18n.language) })}
          </span>
        )}
      </label>
      {list.length > 0 && (
        <div className="grid gap-2" data-testid="jira-people">
          <h3 className="text-sm font-medium">{t("jira.people.title", { count: list.length })}</h3>
          <p className="muted text-sm">{t("jira.people.intro")}</p>
          <ul className="grid gap-1 text-sm">
            {list.map((p) => (
              <li key={p.account_id} className="flex flex-wrap gap-2">
                <span>{p.name}</span>
                <span className="muted">{p.email}</span>
                {p.invited && <span className="muted">· {t("jira.people.invited")}</span>}
              </li>
            ))}
          </ul>
          {waiting.length > 0 && (
            <div>
              <button type="button" className="btn" disabled={busy} onClick={() => void inviteAll()} data-testid="jira-invite-people">
                {t("jira.people.invite", { count: waiting.length })}
              </button>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
