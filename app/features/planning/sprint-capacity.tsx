/**
 * Capacity on the planning board: a sprint lane's load against what it can hold, and the
 * sprint dialog's capacity, entered directly or computed from who gives the sprint how much
 * time (domain/planning/capacity).
 */
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { TableHead } from "../../components/ui/table-head";
import { type Availability, capacityFromAvailability, focusFactor, loadOf, personDays, workingDays } from "../../../domain/planning/capacity";
import type { SprintView } from "../../../workers/services/sprints";

const BAR: Record<string, string> = { under: "bg-[var(--primary)]", full: "bg-amber-500", over: "bg-red-600" };

/**
 * The lane's load as a meter with its numbers; says plainly when the sprint is overcommitted.
 * While a card is carried over the board, `after` is the load the drop would give: the meter,
 * its colour and the numbers ("5 → 8 of 6") show that load before anything is dropped.
 */
export function LaneLoad({ load, capacity, after = null }: { load: number; capacity: number | null; after?: number | null }) {
  const { t } = useTranslation("projects");
  const shown = after ?? load;
  const state = loadOf(shown, capacity);
  if (!state || capacity === null) return null;
  const label = after === null ? t("sprints.capacity.load", { load, capacity }) : t("sprints.capacity.preview", { load, after, capacity });
  return (
    <span className="flex w-full items-center gap-2 text-xs" data-testid="lane-load" data-level={state.level} data-preview={after !== null || undefined}>
      <span role="meter" aria-label={t("sprints.capacity.meter")} aria-valuemin={0} aria-valuemax={Math.max(capacity, shown)} aria-valuenow={shown} aria-valuetext={label} className="relative h-2 min-w-24 flex-1 overflow-hidden rounded-full bg-[var(--surface)]">
        <span className={`absolute inset-y-0 left-0 rounded-full ${BAR[state.level]} ${after !== null ? "opacity-70 transition-[width]" : ""}`} style={{ width: `${Math.min(100, state.ratio * 100)}%` }} />
      </span>
      <span className="tabular-nums" data-testid="lane-load-text">
        {label}
      </span>
      {state.level === "over" && (
        <span className="font-semibold text-red-700 dark:text-red-300" data-testid="lane-overcommitted">
          {t("sprints.capacity.over", { count: -state.left })}
        </span>
      )}
    </span>
  );
}

/**
 * Estimate units a person-day gave in completed sprints on the board with recorded
 * availability and dates: what turns availability into capacity. Null before there is any.
 */
export function focusOfBoard(lanes: readonly { sprint: SprintView | null; estimate: number }[]): number | null {
  return focusFactor(
    lanes
      .filter((l) => l.sprint?.status === "completed" && l.sprint.start_date && l.sprint.end_date && l.sprint.availability.length > 0)
      .map((l) => ({ done: l.estimate, personDays: personDays(l.sprint!.availability, workingDays(l.sprint!.start_date!, l.sprint!.end_date!)) })),
  );
}

export interface CapacityValue {
  capacity: string;
  availability: Availability[];
}

/** The dialog's capacity: a number, and a table of the team's share of time and days off to compute it from. */
export function CapacityFields({
  value,
  onChange,
  team,
  dates,
  focus,
  suggested = null,
  error,
}: {
  value: CapacityValue;
  onChange: (value: CapacityValue) => void;
  team: { guid: string; name: string }[];
  dates: { start: string; end: string };
  focus: number | null;
  /** The capacity velocity suggests, offered as one click (null: no completed sprint yet). */
  suggested?: number | null;
  error?: string;
}) {
  const { t } = useTranslation("projects");
  const id = useId();
  const days = dates.start && dates.end ? workingDays(dates.start, dates.end) : 0;
  const rowOf = (user: string) => value.availability.find((a) => a.user === user) ?? { user, share: 100, days_off: 0 };
  const setRow = (user: string, change: Partial<Availability>) => {
    const rows = team.map((p) => (p.guid === user ? { ...rowOf(p.guid), ...change } : rowOf(p.guid)));
    onChange({ ...value, availability: rows });
  };
  const rows = team.map((p) => rowOf(p.guid));
  const computed = capacityFromAvailability(rows, days, focus);
  return (
    <fieldset className="flex flex-col gap-2" data-testid="sprint-capacity">
      <label className="label" htmlFor={id}>
        {t("sprints.capacity.label")}
      </label>
      <input
        id={id}
        className="input"
        type="number"
        inputMode="decimal"
        min={0}
        step="any"
        value={value.capacity}
        onChange={(e) => onChange({ ...value, capacity: e.target.value })}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        data-testid="sprint-capacity-input"
      />
      {suggested !== null && String(suggested) !== value.capacity && (
        <button type="button" className="btn self-start py-1 text-xs" onClick={() => onChange({ ...value, capacity: String(suggested) })} data-testid="sprint-capacity-velocity">
          {t("sprints.capacity.fromVelocity", { count: suggested })}
        </button>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
      {team.length > 0 && (
        <details className="rounded-md border border-[var(--border)] px-3 py-2 text-sm">
          <summary className="cursor-pointer">{t("sprints.capacity.fromAvailability")}</summary>
          {!days ? (
            <p className="muted mt-2">{t("sprints.capacity.needDates")}</p>
          ) : (
            <div className="mt-2 flex flex-col gap-2">
              <table className="w-full text-left">
                <TableHead
                  className="muted text-xs"
                  cellClassName="font-medium"
                  columns={[{ label: t("sprints.capacity.person") }, { label: t("sprints.capacity.share"), className: "w-20" }, { label: t("sprints.capacity.daysOff"), className: "w-20" }]}
                />
                <tbody>
                  {team.map((person) => {
                    const row = rowOf(person.guid);
                    return (
                      <tr key={person.guid} data-testid="availability-row">
                        <td className="py-1 pr-2">{person.name}</td>
                        <td className="py-1 pr-2">
                          <input className="input py-1" type="number" min={0} max={100} step={5} aria-label={t("sprints.capacity.shareOf", { name: person.name })} value={row.share} onChange={(e) => setRow(person.guid, { share: Math.round(Number(e.target.value) || 0) })} />
                        </td>
                        <td className="py-1">
                          <input className="input py-1" type="number" min={0} max={days} step={1} aria-label={t("sprints.capacity.daysOffOf", { name: person.name })} value={row.days_off} onChange={(e) => setRow(person.guid, { days_off: Math.round(Number(e.target.value) || 0) })} />
                        </td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
              <p className="muted text-xs">{focus === null ? t("sprints.capacity.noFocus", { days }) : t("sprints.capacity.focus", { days, focus })}</p>
              <button type="button" className="btn self-start" onClick={() => onChange({ capacity: String(computed), availability: rows })} data-testid="sprint-capacity-compute">
                {t("sprints.capacity.use", { count: computed })}
              </button>
            </div>
          )}
        </details>
      )}
    </fieldset>
  );
}
