/**
 * The task board's grid: a column's header (its count, totals and quick add), a cell of
 * sortable cards (paged), and a swimlane's row of cells with its label.
 */
import { useDroppable } from "@dnd-kit/core";
import { SortableContext, verticalListSortingStrategy } from "@dnd-kit/sortable";
import type { TFunction } from "i18next";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { type FieldOption, optionLabel } from "../../../domain/fields/types";
import type { BoardCard } from "../../../domain/planning/columns";
import type { FieldView } from "../../../workers/services/field-definitions";
import type { BoardTaskView } from "../../../domain/wire/task-view";
import { Avatar } from "../../components/ui/avatar";
import { Icon } from "../../components/ui/icons";
import { SortableCard } from "./board-card";
import { type FieldContext, titleOf } from "../../components/fields/context";

/** Cards rendered per cell before "show more": keeps a board of thousands of tasks responsive. */
const CELL_PAGE = 50;

export type Card = BoardCard & { task: BoardTaskView };
export interface Lane {
  key: string;
  label: React.ReactNode;
  /** Cards of this lane per column guid. */
  cells: Map<string, Card[]>;
}

export const cellId = (lane: string, column: string) => `cell:${lane}:${column}`;
export const parseCell = (id: string) => {
  const [, lane, column] = id.split(":");
  return { lane: lane!, column: column! };
};

export function ColumnHeader({
  option,
  totals,
  canWrite,
  boxed,
  onCreate,
}: {
  option: FieldOption;
  /** With swimlanes the header stands alone above the lanes, rounded all round. */
  boxed: boolean;
  totals: { count: number; estimate: number; estimated: number };
  canWrite: boolean;
  onCreate: (column: string, title: string) => Promise<boolean>;
}) {
  const { t } = useTranslation("views");
  const [adding, setAdding] = useState(false);
  const [title, setTitle] = useState("");
  const label = optionLabel(option);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!title.trim()) return;
    if (await onCreate(option.guid, title.trim())) {
      setTitle("");
      setAdding(false);
    }
  };
  return (
    <div className={`border border-[var(--border)] bg-[var(--surface-2)] px-3 pb-2 pt-2.5 ${boxed ? "rounded-xl" : "rounded-t-xl border-b-0"}`} style={{ boxShadow: `inset 0 3px 0 ${option.color}` }} data-testid="column-header">
      <div className="flex items-center gap-2">
        <span className="h-2.5 w-2.5 shrink-0 rounded-full" style={{ background: option.color }} aria-hidden="true" />
        <h3 className="min-w-0 truncate text-sm font-semibold" data-testid="column-title">
          {label}
        </h3>
        <span className="rounded-full bg-[var(--surface)] px-2 text-xs font-semibold tabular-nums" aria-label={t("board.count", { count: totals.count })} data-testid="column-count">
          {totals.count}
        </span>
        <span className="muted ml-auto text-xs tabular-nums" title={t("board.estimateSum")} data-testid="column-estimate">
          {totals.estimated > 0 && (
            <>
              <span className="sr-only">{t("board.estimateSum")}: </span>
              {t("board.estimate", { value: totals.estimate })}
            </>
          )}
        </span>
        {canWrite && (
          <button
            type="button"
            className="muted rounded p-0.5 hover:bg-[var(--surface)] hover:text-[var(--text)]"
            aria-label={t("board.newTaskIn", { column: label })}
            aria-expanded={adding}
            onClick={() => setAdding((a) => !a)}
            data-testid="column-add"
          >
            <Icon name="plus" size={16} />
          </button>
        )}
      </div>
      {adding && (
        <form onSubmit={submit} className="mt-2 flex flex-col gap-1.5" data-testid="new-card-form">
          <input
            autoFocus
            className="input py-1.5 text-sm"
            placeholder={t("board.newTask")}
            aria-label={t("board.newTaskIn", { column: label })}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
            onKeyDown={(e) => e.key === "Escape" && setAdding(false)}
            data-testid="new-card-title"
          />
          <div className="flex gap-1.5">
            <button type="submit" className="btn btn-primary px-3 py-1 text-sm" data-testid="new-card-submit">
              {t("board.create")}
            </button>
            <button type="button" className="btn btn-ghost px-3 py-1 text-sm" onClick={() => setAdding(false)}>
              {t("board.cancel")}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}

export function Cell({
  lane,
  column,
  cards,
  highlighted,
  last,
  inLane = false,
  cardProps,
}: {
  lane: string;
  column: string;
  cards: Card[];
  highlighted: boolean;
  last: boolean;
  /** Inside a swimlane, an empty cell stays quiet rather than repeating "no tasks" per lane. */
  inLane?: boolean;
  cardProps: Omit<React.ComponentProps<typeof SortableCard>, "task" | "column">;
}) {
  const { t } = useTranslation("views");
  const [limit, setLimit] = useState(CELL_PAGE);
  const { setNodeRef } = useDroppable({ id: cellId(lane, column) });
  const shown = cards.slice(0, limit);
  return (
    <div
      ref={setNodeRef}
      className={`flex min-h-16 flex-col gap-2 border-[var(--border)] p-2 ${inLane ? "rounded-xl border" : `border-x ${last ? "rounded-b-xl border-b" : ""}`} ${highlighted ? "bg-[color-mix(in_srgb,var(--primary)_10%,var(--surface-2))]" : "bg-[color-mix(in_srgb,var(--surface-2)_60%,transparent)]"}`}
      data-testid="board-cell"
      data-column={column}
      data-lane={lane}
    >
      <SortableContext items={shown.map((c) => c.guid)} strategy={verticalListSortingStrategy}>
        <ul className="flex flex-col gap-2">
          {shown.map((card) => (
            <SortableCard key={card.guid} task={card.task} column={column} {...cardProps} />
          ))}
        </ul>
      </SortableContext>
      {cards.length === 0 && !inLane && <p className="muted px-1 py-2 text-center text-xs">{t("board.empty")}</p>}
      {cards.length > limit && (
        <button type="button" className="btn btn-ghost py-1 text-xs" onClick={() => setLimit((l) => l + CELL_PAGE * 2)} data-testid="cell-more">
          {t("board.showMore", { count: Math.min(CELL_PAGE * 2, cards.length - limit) })}
        </button>
      )}
    </div>
  );
}

export function LaneRow({
  lane,
  options,
  showTitle,
  last,
  overCell,
  cardProps,
}: {
  lane: Lane;
  options: FieldOption[];
  showTitle: boolean;
  last: boolean;
  overCell: string | null;
  cardProps: Omit<React.ComponentProps<typeof SortableCard>, "task" | "column">;
}) {
  const { t } = useTranslation("views");
  const count = [...lane.cells.values()].reduce((n, c) => n + c.length, 0);
  return (
    <>
      {showTitle && (
        <div className="col-span-full flex items-center gap-2 border-x-0 px-1 pb-1.5 pt-3 text-sm font-semibold" style={{ gridColumn: "1 / -1" }} data-testid="swimlane" data-lane={lane.key}>
          {lane.label}
          <span className="muted text-xs font-normal">{t("board.count", { count })}</span>
        </div>
      )}
      {options.map((option) => (
        <Cell
          key={`${lane.key}:${option.guid}`}
          lane={lane.key}
          column={option.guid}
          cards={lane.cells.get(option.guid) ?? []}
          highlighted={overCell === cellId(lane.key, option.guid)}
          last={last || showTitle}
          inLane={showTitle}
          cardProps={cardProps}
        />
      ))}
    </>
  );
}

export function laneLabel(field: FieldView, key: string | null, ctx: FieldContext, t: TFunction<"views">): React.ReactNode {
  if (key === null) return <span className="muted">{t("board.noLaneValue", { field: field.title })}</span>;
  if (field.type_fields === "participants") {
    const person = ctx.people.get(key);
    return (
      <span className="inline-flex items-center gap-2">
        {person && <Avatar user={person} size={20} />}
        {person?.name ?? key}
      </span>
    );
  }
  if (field.type_fields === "issue") {
    const epic = ctx.tasks.get(key);
    return epic ? `#${epic.number} ${titleOf(epic, ctx.titleField)}` : key;
  }
  const option = field.settings.values_set.find((o) => o.guid === key);
  return option ? (
    <span className="inline-flex items-center gap-2">
      <span className="h-2.5 w-2.5 rounded-full" style={{ background: option.color }} aria-hidden="true" />
      {optionLabel(option)}
    </span>
  ) : (
    key
  );
}
