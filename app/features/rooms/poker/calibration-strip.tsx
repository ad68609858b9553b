/**
 * The calibration strip (the planning loop, issue 16): while a task is estimated, earlier tasks
 * of the project that hold each card's value as their estimate, so the team compares like with
 * like. One read (`GET /rooms/{rid}/calibration?issue=`) each time the current task changes;
 * project people only (guests never see the project's other tasks).
 */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { CalibrationValue } from "../../../../workers/services/retro-loop";
import { useApi } from "../../shell/errors";

export function CalibrationStrip({ roomGuid, projectGuid, issue }: { roomGuid: string; projectGuid: string; issue: string | null }) {
  const { t } = useTranslation("rooms");
  const api = useApi();
  const [values, setValues] = useState<CalibrationValue[] | null>(null);
  useEffect(() => {
    if (!issue) return setValues(null);
    let live = true;
    void api<{ results: CalibrationValue[] }>("GET", `/v1/rooms/${roomGuid}/calibration?issue=${encodeURIComponent(issue)}`, undefined, { quiet: true }).then((r) => {
      if (live) setValues(r.data?.results ?? null);
    });
    return () => {
      live = false;
    };
  }, [api, roomGuid, issue]);
  const shown = values?.filter((v) => v.tasks.length > 0) ?? [];
  if (!issue || !values) return null;
  return (
    <section className="card p-4" aria-labelledby="calibration-title" data-testid="calibration-strip" data-issue={issue}>
      <h3 id="calibration-title" className="text-sm font-semibold">
        {t("poker.calibration.title")}
      </h3>
      <p className="muted mb-3 text-xs">{t("poker.calibration.hint")}</p>
      {shown.length === 0 ? (
        <p className="muted text-sm" data-testid="calibration-empty">
          {t("poker.calibration.empty")}
        </p>
      ) : (
        <ul className="grid grid-cols-[repeat(auto-fill,minmax(10rem,1fr))] gap-3">
          {shown.map((v) => (
            <li key={v.card} className="flex flex-col gap-1.5 rounded-xl border border-[var(--border)] bg-[var(--surface-2)] p-2.5" data-testid="calibration-value" data-card={v.card}>
              <span className="self-start rounded-md border-2 border-[var(--primary)] bg-[var(--surface)] px-2 py-0.5 text-sm font-bold tabular-nums text-[var(--primary)]">{v.card}</span>
              <ul className="flex flex-col gap-1">
                {v.tasks.map((task) => (
                  <li key={task.guid} className="text-xs" data-testid="calibration-task">
                    <Link to={`/project/${projectGuid}/issue/${task.guid}`} className="line-clamp-2 break-words hover:underline" target="_blank" rel="noreferrer">
                      <span className="muted tabular-nums">#{task.number}</span> {task.title}
                    </Link>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
