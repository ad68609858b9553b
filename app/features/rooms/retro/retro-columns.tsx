/**
 * The retro board's columns (the preset's, translated), each with its stacks of notes. Notes
 * are dragged with dnd-kit: dropped on a column they move there (a grouped note leaves its
 * group), dropped on another note they join its group. The keyboard does the same: Space picks
 * a note up, ←/→ go to the neighbouring column, ↑/↓ step over the notes of a column (landing on
 * one groups with it), Space drops, Escape cancels.
 */
import {
  type Announcements,
  type Collision,
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardCode,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useDroppable,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import type { TFunction } from "i18next";
import { type FormEvent, type KeyboardEvent, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { MAX_NOTE_LENGTH, type RetroColumn, type RetroNoteView } from "../../../../domain/rooms/retro";
import { type NoteStack, stacksOf } from "../../../../domain/rooms/retro-arrange";
import { Icon } from "../../../components/ui/icons";
import { NoteCard, type NoteDragData } from "./note-card";
import type { RetroParts } from "./types";

/** Accent per column id: green for what helps, red for what hurts, blue, amber and violet for the rest. */
const ACCENTS: Record<string, string> = {
  start: "#10b981",
  stop: "#ef4444",
  continue: "#3b82f6",
  mad: "#ef4444",
  sad: "#3b82f6",
  glad: "#10b981",
  liked: "#10b981",
  learned: "#3b82f6",
  lacked: "#f59e0b",
  longed_for: "#8b5cf6",
  went_well: "#10b981",
  to_improve: "#f59e0b",
  actions: "#8b5cf6",
};
export const accentOf = (column: string) => ACCENTS[column] ?? "var(--primary)";

/** A column's title: its key, else (a room stored under an older key format) the retro namespace's title for its id. */
export function columnTitle(t: TFunction<"retro">, column: RetroColumn): string {
  return t(column.titleKey, { defaultValue: t(`column.${column.id}`, { defaultValue: column.id }) });
}

const COLUMN = "column:";
const NOTE = "note:";
/** Where a keyboard-dragged note rests to mean "this column": inside the header, above every note. */
const HEADER_STOP = 24;

const isNoteTarget = (id: unknown) => String(id).startsWith(NOTE);
const stackOf = (data: unknown) => (data as NoteDragData | undefined)?.stack;

/**
 * Pointer drops land on the note under the pointer (not one of the dragged note's own group),
 * else on the column. The keyboard has no pointer: it uses the point at the dragged note's centre.
 */
const notesFirst: CollisionDetection = (args) => {
  const own = stackOf(args.active.data.current);
  const droppableContainers = args.droppableContainers.filter((c) => !isNoteTarget(c.id) || stackOf(c.data.current) !== own);
  let hits: Collision[];
  if (args.pointerCoordinates) hits = pointerWithin({ ...args, droppableContainers });
  else {
    const { left, top, width, height } = args.collisionRect;
    const x = left + width / 2;
    const y = top + height / 2;
    hits = droppableContainers.flatMap((c) => {
      const r = args.droppableRects.get(c.id);
      return r && x >= r.left && x <= r.right && y >= r.top && y <= r.bottom ? [{ id: c.id, data: { droppableContainer: c, value: 0 } }] : [];
    });
  }
  const notes = hits.filter((h) => isNoteTarget(h.id));
  return notes.length > 0 ? notes : hits;
};

/** Keyboard steps between columns (←/→) and over the notes of the current column (↑/↓). */
const stepOverTargets: KeyboardCoordinateGetter = (event, { context, active }) => {
  const { collisionRect, droppableRects, droppableContainers } = context;
  const keys: string[] = [KeyboardCode.Left, KeyboardCode.Right, KeyboardCode.Up, KeyboardCode.Down];
  if (!collisionRect || !keys.includes(event.code)) return undefined;
  event.preventDefault();
  const x = collisionRect.left + collisionRect.width / 2;
  const y = collisionRect.top + collisionRect.height / 2;
  const own = stackOf(droppableContainers.get(`${NOTE}${active}`)?.data.current);
  const columns = [...droppableRects.entries()].filter(([id]) => String(id).startsWith(COLUMN)).map(([, r]) => r).sort((a, b) => a.left - b.left);
  if (columns.length === 0) return undefined;
  let index = columns.findIndex((r) => x >= r.left && x <= r.right);
  if (index < 0) index = columns.reduce((best, r, i) => (Math.abs(r.left + r.width / 2 - x) < Math.abs(columns[best]!.left + columns[best]!.width / 2 - x) ? i : best), 0);
  let target: { x: number; y: number } | undefined;
  if (event.code === KeyboardCode.Left || event.code === KeyboardCode.Right) {
    const next = columns[Math.min(columns.length - 1, Math.max(0, index + (event.code === KeyboardCode.Right ? 1 : -1)))]!;
    target = { x: next.left + next.width / 2, y: next.top + HEADER_STOP };
  } else {
    const column = columns[index]!;
    const stops = [
      column.top + HEADER_STOP,
      ...[...droppableRects.entries()]
        .filter(([id, r]) => isNoteTarget(id) && stackOf(droppableContainers.get(id)?.data.current) !== own && r.left < column.right && r.right > column.left)
        .map(([, r]) => r.top + r.height / 2),
    ].sort((a, b) => a - b);
    const stop = event.code === KeyboardCode.Down ? stops.find((s) => s > y + 1) : [...stops].reverse().find((s) => s < y - 1);
    if (stop === undefined) return undefined;
    target = { x: column.left + column.width / 2, y: stop };
  }
  return { x: target.x - collisionRect.width / 2, y: target.y - collisionRect.height / 2 };
};

function AddNote({ column, title, act }: { column: RetroColumn; title: string; act: RetroParts["act"] }) {
  const { t } = useTranslation("retro");
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (!text.trim() || busy) return;
    setBusy(true);
    const stored = await act({ type: "add_note", column: column.id, text: text.trim() });
    setBusy(false);
    if (stored) setText("");
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
  };
  return (
    <form onSubmit={submit} className="flex items-end gap-1.5 px-2 pb-1" data-testid="add-note">
      <textarea
        rows={1}
        className="input field-sizing-content min-h-9 max-h-40 resize-none py-1.5 text-sm"
        placeholder={t(`prompt.${column.id}`, { defaultValue: t("note.placeholder") })}
        aria-label={t("note.addIn", { column: title })}
        value={text}
        maxLength={MAX_NOTE_LENGTH}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        data-testid="add-note-text"
      />
      <button type="submit" className="btn btn-primary shrink-0 p-2" aria-label={t("note.add")} title={t("note.add")} disabled={busy || !text.trim()} data-testid="add-note-submit">
        <Icon name="plus" size={16} />
      </button>
    </form>
  );
}

function Stack({ stack, parts }: { stack: NoteStack<RetroNoteView>; parts: RetroParts }) {
  const { t } = useTranslation("retro");
  if (stack.followers.length === 0) return <NoteCard note={stack.head} stack={stack.head.id} parts={parts} />;
  return (
    <li className="rounded-xl border border-dashed border-[color-mix(in_srgb,var(--primary)_45%,var(--border))] bg-[color-mix(in_srgb,var(--primary)_6%,var(--surface-2))] p-1.5" data-testid="retro-group" data-head={stack.head.id}>
      <p className="muted flex items-center gap-1.5 px-1 pb-1.5 text-xs font-semibold">
        <span>{t("group.label", { count: stack.followers.length + 1 })}</span>
        {!parts.view.votingPhase && stack.votes > 0 && (
          <span className="tabular-nums" data-testid="group-votes">
            · {t("note.votes", { count: stack.votes })}
          </span>
        )}
      </p>
      <ul className="flex flex-col gap-1.5">
        <NoteCard note={stack.head} stack={stack.head.id} parts={parts} grouped />
        {stack.followers.map((n) => (
          <NoteCard key={n.id} note={n} stack={stack.head.id} parts={parts} grouped follower />
        ))}
      </ul>
    </li>
  );
}

function Column({ column, stacks, count, parts }: { column: RetroColumn; stacks: NoteStack<RetroNoteView>[]; count: number; parts: RetroParts }) {
  const { t } = useTranslation("retro");
  const { setNodeRef, isOver, active } = useDroppable({ id: `${COLUMN}${column.id}` });
  const title = columnTitle(t, column);
  const accent = accentOf(column.id);
  const highlighted = isOver && active !== null;
  return (
    <section
      ref={setNodeRef}
      className={`flex min-w-[16rem] flex-col rounded-xl border bg-[color-mix(in_srgb,var(--surface-2)_70%,transparent)] transition-colors ${highlighted ? "border-[var(--primary)] bg-[color-mix(in_srgb,var(--primary)_8%,var(--surface-2))]" : "border-[var(--border)]"}`}
      style={{ boxShadow: `inset 0 3px 0 ${accent}` }}
      aria-labelledby={`retro-column-${column.id}`}
      data-testid="retro-column"
      data-column={column.id}
    >
      <header className="flex items-center gap-2 px-3 pb-2 pt-3">
        <span className="h-2.5 w-2.5 shrink-0 rounded-full" style={{ background: accent }} aria-hidden="true" />
        <h3 id={`retro-column-${column.id}`} className="min-w-0 truncate text-sm font-semibold" data-testid="column-title">
          {title}
        </h3>
        <span className="rounded-full bg-[var(--surface)] px-2 text-xs font-semibold tabular-nums" aria-label={t("columnInfo.count", { count })} data-testid="column-count">
          {count}
        </span>
      </header>
      {!parts.readOnly && <AddNote column={column} title={title} act={parts.act} />}
      <ul className="flex min-h-24 flex-1 flex-col gap-2 p-2" data-testid="column-notes">
        {stacks.map((stack) => (
          <Stack key={stack.head.id} stack={stack} parts={parts} />
        ))}
        {stacks.length === 0 && <li className="muted px-1 py-4 text-center text-xs">{t("columnInfo.empty")}</li>}
      </ul>
    </section>
  );
}

export function RetroColumns({ parts, byVotes }: { parts: RetroParts; byVotes: boolean }) {
  const { t } = useTranslation("retro");
  const { view, act } = parts;
  const [dragged, setDragged] = useState<string | null>(null);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }), useSensor(KeyboardSensor, { coordinateGetter: stepOverTargets }));
  const byColumn = useMemo(() => new Map(view.columns.map((c) => [c.id, stacksOf(view.notes, c.id, byVotes)])), [view.columns, view.notes, byVotes]);
  const noteById = (id: unknown) => view.notes.find((n) => n.id === String(id).replace(NOTE, ""));
  const titleOf = (id: string) => {
    const column = view.columns.find((c) => `${COLUMN}${c.id}` === id);
    return column ? columnTitle(t, column) : "";
  };
  const short = (id: unknown) => noteById(id)?.text.slice(0, 60) ?? "";
  const announcements: Announcements = {
    onDragStart: ({ active }) => t("dnd.picked", { text: short(active.id) }),
    onDragOver: ({ over }) => (over ? (isNoteTarget(over.id) ? t("dnd.overNote", { text: short(over.id) }) : t("dnd.overColumn", { column: titleOf(String(over.id)) })) : t("dnd.nowhere")),
    onDragEnd: ({ over }) => (over ? (isNoteTarget(over.id) ? t("dnd.grouped", { text: short(over.id) }) : t("dnd.moved", { column: titleOf(String(over.id)) })) : t("dnd.cancelled")),
    onDragCancel: () => t("dnd.cancelled"),
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragged(null);
    const note = noteById(active.id);
    if (!note || !over) return;
    const target = String(over.id);
    if (isNoteTarget(target)) {
      if (stackOf(over.data.current) === stackOf(active.data.current)) return;
      void act({ type: "group_notes", note: note.id, into: target.slice(NOTE.length) });
    } else if (target.startsWith(COLUMN)) {
      const column = target.slice(COLUMN.length);
      // Dropped back on its own column: nothing changes, unless it leaves its group there.
      if (column === note.column && !note.group) return;
      void act({ type: "move_note", note: note.id, column });
    }
  };
  const draggedNote = dragged ? noteById(dragged) : undefined;

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={notesFirst}
      onDragStart={({ active }: DragStartEvent) => setDragged(String(active.id))}
      onDragCancel={() => setDragged(null)}
      onDragEnd={onDragEnd}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t("dnd.instructions") } }}
    >
      <div className="grid gap-3 overflow-x-auto pb-2" style={{ gridTemplateColumns: `repeat(${view.columns.length}, minmax(16rem, 1fr))` }} data-testid="retro-columns">
        {view.columns.map((column) => (
          <Column key={column.id} column={column} stacks={byColumn.get(column.id) ?? []} count={view.notes.filter((n) => n.column === column.id).length} parts={parts} />
        ))}
      </div>
      <DragOverlay dropAnimation={null}>
        {draggedNote ? (
          <div className="w-64 rotate-1 cursor-grabbing whitespace-pre-wrap break-words rounded-lg border border-[var(--primary)] bg-[var(--surface)] p-2.5 text-sm shadow-xl" data-testid="note-drag-preview">
            {draggedNote.text}
          </div>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}
