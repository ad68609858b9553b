/**
 * The bottom of a task: its comments and its history (the task's rows of the activity log),
 * as two tabs of the kit (arrows, Home and End move between them).
 */
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Tabs } from "../../components/ui/tabs";
import type { ParticipantView } from "../../../workers/services/projects";
import { ActivityList } from "./activity-feed";
import { Comments } from "./comments";
import { describeContext } from "./naming";
import type { TaskFound } from "./types";
import { Icon } from "../../components/ui/icons";

const TABS = ["comments", "history"] as const;
type Tab = (typeof TABS)[number];

export function Discussion({ data, participants, projectGuid, onChanged }: { data: TaskFound; participants: ParticipantView[]; projectGuid: string; onChanged: () => void }) {
  const { t } = useTranslation("task");
  const [tab, setTab] = useState<Tab>("comments");
  const ctx = useMemo(() => describeContext(data.history.naming, participants), [data.history.naming, participants]);
  const tabs = TABS.map((name) => ({
    id: name,
    testId: `tab-${name}`,
    label: (
      <>
        <Icon name={name === "comments" ? "comment" : "history"} size={16} />
        {t(`tabs.${name}`)}
        {name === "comments" && data.comments.length > 0 && <span className="rounded-full bg-[var(--surface-2)] px-1.5 text-xs">{data.comments.length}</span>}
      </>
    ),
  }));
  return (
    <section className="flex flex-col gap-3" data-testid="discussion">
      <Tabs label={t("tabs.label")} tabs={tabs} selected={tab} onSelect={setTab}>
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
      </Tabs>
    </section>
  );
}
