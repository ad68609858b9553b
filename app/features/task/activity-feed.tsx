/**
 * Rows of the activity log as sentences: who did what to which task (linked), when, and for
 * field changes the old and new value by name. Grouped by day, newest first. Used by the
 * project's activity page and the task page's history tab (where the task is implied).
 */
import { type ReactElement, useEffect, useMemo, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type ActivityRow, type DescribeContext, type FieldChange, type ValuePiece, dayOf, describeActivity, groupByDay } from "../../../domain/activity/describe";
import { formatLongDate, formatRelativeTime } from "../../../domain/time/format";
import { Avatar } from "../../components/ui/avatar";
import { useTaskHref } from "../../components/fields/task-ref";

/**
 * The server renders in UTC with its own clock; after hydration the reader's zone and clock
 * take over (rendering them at once would differ from the server's HTML).
 */
export function useClock(serverNow: number) {
  const [clock, setClock] = useState<{ now: number; zone: string | undefined }>({ now: serverNow, zone: "UTC" });
  useEffect(() => {
    setClock({ now: Date.now(), zone: undefined });
    const id = setInterval(() => setClock({ now: Date.now(), zone: undefined }), 60_000);
    return () => clearInterval(id);
  }, []);
  return clock;
}

function Piece({ piece, projectGuid }: { piece: ValuePiece; projectGuid: string }) {
  const { t, i18n } = useTranslation("task");
  const href = useTaskHref();
  if (piece.missing) return <span className="muted italic">{t("activity.change.missing")}</span>;
  if (piece.flag !== undefined) return <span>{piece.flag ? t("field.yes") : t("field.no")}</span>;
  if (piece.date) return <span>{formatLongDate(piece.text, i18n.language, "UTC")}</span>;
  if (piece.task)
    return (
      <Link to={href(projectGuid, piece.task)} className="hover:underline">
        {piece.text}
      </Link>
    );
  if (piece.color)
    return (
      <span className="inline-flex items-center gap-1 rounded-full bg-[var(--surface-2)] px-1.5 py-px text-xs font-medium">
        <span className="h-2 w-2 rounded-full" style={{ background: piece.color }} aria-hidden="true" />
        {piece.text}
      </span>
    );
  return <span className="break-words">{piece.text}</span>;
}

function Pieces({ pieces, projectGuid }: { pieces: ValuePiece[]; projectGuid: string }) {
  const { t } = useTranslation("task");
  if (pieces.length === 0) return <span className="muted">{t("activity.change.none")}</span>;
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      {pieces.map((p, i) => (
        <Piece key={i} piece={p} projectGuid={projectGuid} />
      ))}
    </span>
  );
}

function ChangeLine({ change, projectGuid }: { change: FieldChange; projectGuid: string }) {
  const { t } = useTranslation("task");
  return (
    <li className="flex flex-wrap items-center gap-x-1.5 gap-y-1 text-sm" data-testid="activity-change">
      <span className="muted">{change.field || t("activity.change.deletedField")}:</span>
      {change.kind === "edited" ? (
        <span className="muted">{t("activity.change.edited")}</span>
      ) : (
        <>
          {change.kind !== "set" && (
            <span className={change.kind === "cleared" ? "line-through opacity-70" : "opacity-80"} data-testid="change-from">
              <Pieces pieces={change.from} projectGuid={projectGuid} />
            </span>
          )}
          {change.kind === "changed" && (
            <span className="muted" aria-hidden="true">
              →
            </span>
          )}
          {change.kind !== "cleared" && (
            <span data-testid="change-to">
              <Pieces pieces={change.to} projectGuid={projectGuid} />
            </span>
          )}
        </>
      )}
    </li>
  );
}

/** One row: the actor's avatar, the sentence with its links, the time and the field changes. */
function ActivityItem({ row, ctx, projectGuid, now, onTask }: { row: ActivityRow; ctx: DescribeContext; projectGuid: string; now: number; onTask: boolean }) {
  const { t, i18n } = useTranslation("task");
  const sentence = describeActivity(row, ctx);
  const actor = row.actor?.name ?? t("someone");
  const href = useTaskHref();
  const taskLink = (guid: string) => <Link to={href(projectGuid, guid)} className="font-medium text-[var(--primary)] hover:underline" data-testid="activity-task" />;
  const components: Record<string, ReactElement> = {
    actor: <strong className="font-semibold" />,
    b: <span className="font-semibold" />,
    task: sentence.task ? taskLink(sentence.task.guid) : <span className="font-medium" />,
    other: sentence.other ? taskLink(sentence.other.guid) : <span className="font-medium" />,
    commit: sentence.commit ? (
      <Link to={`/project/${projectGuid}/code/${sentence.commit.repo}/commit/${sentence.commit.hexsha}`} className="font-mono text-[var(--primary)] hover:underline" data-testid="activity-commit" />
    ) : (
      <span className="font-mono" />
    ),
  };
  const kind = typeof sentence.params.kind === "string" && sentence.params.kind ? t(`links.kinds.${sentence.params.kind}`, { defaultValue: sentence.params.kind }) : "";
  // On a task's own history the task is implied: the sentence leaves it out.
  const prefix = onTask && row.entity_kind === "issue" ? "history" : "activity";
  return (
    <li className="flex gap-3 py-3" data-testid="activity-row" data-guid={row.guid} data-action={row.action} data-entity={row.entity}>
      <div className="shrink-0 pt-0.5">{row.actor ? <Avatar user={{ name: row.actor.name, color: row.actor.color, avatar: null }} size={28} /> : <span className="block h-7 w-7 rounded-full bg-[var(--surface-2)]" />}</div>
      <div className="min-w-0 flex-1">
        <p className="text-sm leading-relaxed" data-testid="activity-sentence">
          <Trans t={t} ns="task" i18nKey={`${prefix}.${sentence.key}`} values={{ ...sentence.params, actor, kind }} components={components} />
          <time className="muted ml-2 text-xs whitespace-nowrap" dateTime={new Date(row.created_at).toISOString()} title={new Date(row.created_at).toISOString().slice(0, 16).replace("T", " ")}>
            {formatRelativeTime(row.created_at, now, i18n.language)}
          </time>
        </p>
        {sentence.changes.length > 0 && (
          <ul className="mt-1 flex flex-col gap-1">
            {sentence.changes.map((c, i) => (
              <ChangeLine key={i} change={c} projectGuid={projectGuid} />
            ))}
          </ul>
        )}
      </div>
    </li>
  );
}

/** Rows grouped under day headings (today, yesterday, then dates). */
export function ActivityList({ rows, ctx, projectGuid, serverNow, onTask = false }: { rows: ActivityRow[]; ctx: DescribeContext; projectGuid: string; serverNow: number; onTask?: boolean }) {
  const { t, i18n } = useTranslation("task");
  const { now, zone } = useClock(serverNow);
  const groups = useMemo(() => groupByDay(rows, (ms) => dayOf(ms, zone)), [rows, zone]);
  const today = dayOf(now, zone);
  const yesterday = dayOf(now - 86_400_000, zone);
  const heading = (day: string) => (day === today ? t("activity.today") : day === yesterday ? t("activity.yesterday") : formatLongDate(`${day}T12:00:00Z`, i18n.language, "UTC"));
  return (
    <div className="flex flex-col gap-4" data-testid="activity-list">
      {groups.map((group) => (
        <section key={group.day} data-testid="activity-day" data-day={group.day}>
          <h3 className="muted py-1 text-xs font-semibold tracking-wide uppercase">{heading(group.day)}</h3>
          <ul className="divide-y divide-[var(--border)]">
            {group.rows.map((row) => (
              <ActivityItem key={row.guid} row={row} ctx={ctx} projectGuid={projectGuid} now={now} onTask={onTask} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
