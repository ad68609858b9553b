/**
 * The roadmap's forecast panel: for the open work as a whole and for each epic, the planned end
 * next to the forecast end (median and 85 %) and the tasks without an estimate as a risk. The
 * figures come from domain/planning/roadmap-forecast and are recomputed from the board the view
 * is given, so they move whenever the board is read again (after anyone's change).
 */
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Pace } from "../../../domain/planning/capacity";
import { velocityOf } from "../../../domain/planning/capacity";
import { parseDay } from "../../../domain/planning/roadmap";
import type { ForecastStanding, RoadmapForecast, WorkForecast } from "../../../domain/planning/roadmap-forecast";
import { formatDate } from "../../../domain/time/format";

const STANDING: Record<ForecastStanding, string> = {
  on_track: "bg-emerald-100 text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-200",
  at_risk: "bg-amber-100 text-amber-800 dark:bg-amber-900/40 dark:text-amber-200",
  late: "bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-200",
};

function Row({ name, work, total, format }: { name: ReactNode; work: WorkForecast & { guid?: string }; total?: boolean; format: (iso: string) => string }) {
  const { t } = useTranslation("views");
  return (
    <tr
      className={`border-b border-[var(--border)] last:border-b-0 ${total ? "font-semibold" : ""}`}
      data-testid="roadmap-forecast-row"
      data-epic={work.guid ?? "all"}
      data-sprints50={work.end?.sprints50 ?? ""}
      data-p50={work.end?.p50 ?? ""}
      data-unestimated={work.unestimated}
    >
      <th scope="row" className="max-w-64 truncate py-1.5 pr-3 text-left font-medium">
        {name}
      </th>
      <td className="py-1.5 pr-3 text-right tabular-nums">{work.remaining}</td>
      <td className="py-1.5 pr-3 tabular-nums" data-testid="roadmap-forecast-planned">
        {work.planned ? format(work.planned) : <span className="muted">{t("roadmapForecast.noPlan")}</span>}
      </td>
      <td className="py-1.5 pr-3 tabular-nums" data-testid="roadmap-forecast-p50">
        {work.end ? (
          <>
            {format(work.end.p50)} <span className="muted text-xs font-normal">{t("roadmapForecast.inSprints", { count: work.end.sprints50 })}</span>
          </>
        ) : (
          <span className="muted">—</span>
        )}
      </td>
      <td className="py-1.5 pr-3 tabular-nums" data-testid="roadmap-forecast-p85">
        {work.end ? format(work.end.p85) : <span className="muted">—</span>}
      </td>
      <td className="py-1.5 pr-3">
        {work.standing && (
          <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STANDING[work.standing]}`} data-testid="roadmap-forecast-standing" data-standing={work.standing}>
            {t(`roadmapForecast.standing.${work.standing}`)}
          </span>
        )}
      </td>
      <td className="py-1.5" data-testid="roadmap-forecast-risk">
        {work.unestimated > 0 ? (
          <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-800 dark:bg-amber-900/40 dark:text-amber-200">{t("roadmapForecast.unestimated", { count: work.unestimated })}</span>
        ) : (
          <span className="muted text-xs">{t("roadmapForecast.allEstimated")}</span>
        )}
      </td>
    </tr>
  );
}

/** The forecast table above the timeline; epics without open work are left out. */
export function RoadmapForecastPanel({ forecast, pace, titleOf }: { forecast: RoadmapForecast; pace: Pace; titleOf: (epic: string) => string }) {
  const { t, i18n } = useTranslation("views");
  const format = (iso: string) => (parseDay(iso) === null ? iso : formatDate(iso, i18n.language));
  const velocity = velocityOf(pace.samples);
  const epics = forecast.epics.filter((e) => e.remaining > 0 || e.unestimated > 0);
  return (
    <section className="card px-4 py-3" aria-labelledby="roadmap-forecast-title" data-testid="roadmap-forecast">
      <header className="mb-2 flex flex-wrap items-baseline gap-x-3">
        <h3 id="roadmap-forecast-title" className="text-sm font-semibold">
          {t("roadmapForecast.title")}
        </h3>
        <p className="muted text-xs" data-testid="roadmap-forecast-basis">
          {velocity.mean === null ? t("roadmapForecast.noHistory") : t("roadmapForecast.basis", { mean: velocity.mean, count: velocity.samples.length, days: pace.sprint_days })}
        </p>
      </header>
      {/* Reachable with Tab: on a phone the table scrolls sideways. */}
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-labelledby="roadmap-forecast-title">
        <table className="w-full text-sm">
          <thead>
            <tr className="muted border-b border-[var(--border)] text-left text-xs">
              <th className="py-1 pr-3 font-medium">{t("roadmapForecast.work")}</th>
              <th className="py-1 pr-3 text-right font-medium">{t("roadmapForecast.remaining")}</th>
              <th className="py-1 pr-3 font-medium">{t("roadmapForecast.planned")}</th>
              <th className="py-1 pr-3 font-medium">{t("roadmapForecast.p50")}</th>
              <th className="py-1 pr-3 font-medium">{t("roadmapForecast.p85")}</th>
              <th className="py-1 pr-3 font-medium">{t("roadmapForecast.standingLabel")}</th>
              <th className="py-1 font-medium">{t("roadmapForecast.risk")}</th>
            </tr>
          </thead>
          <tbody>
            <Row name={t("roadmapForecast.all")} work={forecast.total} total format={format} />
            {epics.map((e) => (
              <Row key={e.guid} name={titleOf(e.guid)} work={e} format={format} />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}
