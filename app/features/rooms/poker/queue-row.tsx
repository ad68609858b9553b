/**
 * One row of the poker room's issue queue, drawn the same with or without dragging: the
 * sortable list (`sortable-queue.tsx`, the facilitator's) hands it its node, motion and handle.
 */
import type { CSSProperties, HTMLAttributes, Ref } from "react";
import { useTranslation } from "react-i18next";
import type { PokerIssue } from "../../../../domain/rooms/poker";
import { Icon } from "../../../components/ui/icons";

export interface QueueActions {
  onPick: (issue: string) => void;
  onRemove: (issue: string) => void;
  onReorder: (order: string[]) => void;
  onAdd?: () => void;
}

/** What the sortable list gives a row: its node, its motion and its handle. */
interface RowDrag {
  rowRef: Ref<HTMLLIElement>;
  style: CSSProperties;
  handleRef: Ref<HTMLButtonElement>;
  handle: HTMLAttributes<HTMLButtonElement>;
  dragging: boolean;
}

export interface QueueRowProps extends Pick<QueueActions, "onPick" | "onRemove"> {
  issue: PokerIssue;
  index: number;
  current: boolean;
  accepted: string | null;
  canEdit: boolean;
  /** Absent until the sortable list is loaded (and always for a voter). */
  drag?: RowDrag;
}

export function QueueRow({ issue, index, current, accepted, canEdit, onPick, onRemove, drag }: QueueRowProps) {
  const { t } = useTranslation("rooms");
  return (
    <li
      ref={drag?.rowRef}
      style={drag?.style}
      className={`flex items-center gap-2 rounded-lg border px-2 py-2 ${current ? "border-[var(--primary)] bg-[color-mix(in_srgb,var(--primary)_8%,var(--surface))]" : "border-[var(--border)] bg-[var(--surface)]"} ${drag?.dragging ? "z-10 shadow-lg" : ""}`}
      aria-current={current ? "true" : undefined}
      data-testid="queue-issue"
      data-issue={issue.id}
      data-title={issue.title}
      data-current={current}
    >
      {canEdit && (
        <button
          type="button"
          ref={drag?.handleRef}
          {...drag?.handle}
          className="muted cursor-grab rounded p-0.5 hover:bg-[var(--surface-2)] active:cursor-grabbing"
          aria-label={t("poker.queue.drag", { title: issue.title })}
          data-testid="queue-drag"
        >
          <Icon name="grip" size={16} />
        </button>
      )}
      <span className="muted w-5 shrink-0 text-right text-xs tabular-nums">{index + 1}</span>
      <span className="min-w-0 flex-1">
        <span className="line-clamp-2 text-sm font-medium break-words" title={issue.title}>
          {issue.title}
        </span>
        {current && <span className="text-xs font-semibold text-[var(--primary)]">{t("poker.queue.now")}</span>}
      </span>
      {accepted && (
        <span className="shrink-0 rounded-md bg-[color-mix(in_srgb,var(--success)_14%,transparent)] px-1.5 py-0.5 text-xs font-bold text-[var(--success)]" title={t("poker.queue.accepted", { card: accepted })} data-testid="queue-accepted">
          {accepted}
        </span>
      )}
      {canEdit && !current && (
        <button type="button" className="btn shrink-0 p-1.5 text-[var(--primary)]" onClick={() => onPick(issue.id)} data-testid="queue-pick" aria-label={t("poker.queue.pickNamed", { title: issue.title })} title={t("poker.queue.pick")}>
          <Icon name="play" size={14} />
        </button>
      )}
      {canEdit && (
        <button type="button" className="btn btn-ghost muted shrink-0 p-1 hover:text-[var(--danger)]" onClick={() => onRemove(issue.id)} aria-label={t("poker.queue.remove", { title: issue.title })} data-testid="queue-remove">
          <Icon name="x" size={16} />
        </button>
      )}
    </li>
  );
}
