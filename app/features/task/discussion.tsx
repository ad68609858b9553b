/**
 * The bottom of a task: its comments and its history (the task's rows of the activity log),
 * as two tabs with the keyboard behaviour of a tab list (arrows move between tabs).
 */
import { type KeyboardEvent, useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { ParticipantView } from "../../../workers/services/projects";
import { ActivityList } from "./activity-feed";
import { Comments } from "./comments";
import { describeContext } from "./naming";
import { TaskIcon } from "./task-icons";
import type { TaskFound } from "./types";

const TABS = ["comments", "history"] as const;
type Tab = (typeof TABS)[number];

export function Discussion({ data, participants, projectGuid, onChanged }: { data: TaskFound; participants: ParticipantView[]; projectGuid: string; onChanged: () => void }) {
  const { t } = useTranslation("task");
  const [tab, setTab] = useState<Tab>("comments");
  const id = useId();
  const ctx = useMemo(() => describeContext(data.history.naming, participants), [data.history.naming, participants]);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== "ArrowRight" && e.key !== "ArrowLeft") return;
    e.preventDefault();
    const next = TABS[(TABS.indexOf(tab) + 1) % TABS.length]!;
    setTab(next);
    document.getElementById(`${id}-${next}`)?.focus();
  };
  return (
    <section className="flex flex-col gap-3" data-testid="discussion">
      <div role="tablist" aria-label={t("tabs.label")} className="flex gap-1 border-b border-[var(--border)]" onKeyDown={onKeyDown}>
        {TABS.map((name) => (
          <button
            key={name}
            id={`${id}-${name}`}
            type="button"
            role="tab"
            aria-selected={tab === name}
            aria-controls={`${id}-${name}-panel`}
            tabIndex={tab === name ? 0 : -1}
            className={`-mb-px flex items-center gap-1.5 border-b-2 px-3 py-2 text-sm font-medium ${tab === name ? "border-[var(--primary)] text-[var(--primary)]" : "muted border-transparent hover:text-[var(--text)]"}`}
            onClick={() => setTab(name)}
            data-testid={`tab-${name}`}
          >
            <TaskIcon name={name === "comments" ? "comment" : "history"} size={16} />
            {t(`tabs.${name}`)}
            {name === "comments" && data.comments.length > 0 && <span className="rounded-full bg-[var(--surface-2)] px-1.5 text-xs">{data.comments.length}</span>}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-${tab}-panel`} aria-labelledby={`${id}-${tab}`}>
        {tab === "comments" ? (
          <Comments
            comments={data.comments}
            people={participants}
            projectGuid={projectGuid}
            taskGuid={data.task.guid}
            viewer={data.viewer}
            canWrite={data.canWrite}
            isRoot={data.isRoot}
            now={data.now}
            onChanged={onChanged}
          />
        ) : data.history.rows.length === 0 ? (
          <p className="muted text-sm">{t("historyTab.empty")}</p>
        ) : (
          <div data-testid="history">
            <ActivityList rows={data.history.rows} ctx={ctx} projectGuid={projectGuid} serverNow={data.now} onTask />
            {data.history.more && (
              <Link to={`/project/${projectGuid}/events?task=${data.task.guid}`} className="link mt-2 inline-block text-sm" data-testid="history-more">
                {t("historyTab.more")}
              </Link>
            )}
          </div>
        )}
      </div>
    </section>
  );
}
