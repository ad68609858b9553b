/**
 * One note on the retro board: its text, author (hidden while the room is anonymous), votes,
 * action-item mark and the tools its author (or the facilitator) may use. The whole card can be
 * dragged with a pointer; the grip is the keyboard handle (dnd-kit's keyboard sensor).
 */
import { useDraggable, useDroppable } from "@dnd-kit/core";
import { type FormEvent, type KeyboardEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import type { RetroNoteView } from "../../../../domain/rooms/retro";
import { Icon, type IconName } from "../../../components/ui/icons";
import { PersonAvatar } from "./person-badge";
import type { RetroParts } from "./types";

/** What a draggable note and a note drop target carry: the id of the stack (group) they belong to. */
export interface NoteDragData {
  stack: string;
}

function ToolButton({ icon, label, onClick, testId, pressed, danger }: { icon: IconName; label: string; onClick: () => void; testId: string; pressed?: boolean; danger?: boolean }) {
  return (
    <button
      type="button"
      className={`rounded-md p-1 focus-visible:shadow-[0_0_0_3px_var(--ring)] focus-visible:outline-none ${pressed ? "text-[var(--primary)]" : "muted"} ${danger ? "hover:text-[var(--danger)]" : "hover:text-[var(--text)]"} hover:bg-[var(--surface-2)]`}
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      onClick={onClick}
      data-testid={testId}
    >
      <Icon name={icon} size={15} />
    </button>
  );
}

function NoteEditor({ initial, onSave, onCancel }: { initial: string; onSave: (text: string) => Promise<boolean>; onCancel: () => void }) {
  const { t } = useTranslation("retro");
  const [text, setText] = useState(initial);
  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    if (!text.trim()) return;
    if (text.trim() === initial.trim()) return onCancel();
    if (await onSave(text.trim())) onCancel();
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === "Escape") onCancel();
    // Enter saves, Shift+Enter starts a new line.
    if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-1.5" data-testid="note-editor">
      <textarea
        autoFocus
        className="input min-h-16 resize-y py-1.5 text-sm"
        aria-label={t("note.editLabel")}
        value={text}
        maxLength={2000}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKeyDown}
        data-testid="note-edit-text"
      />
      <div className="flex gap-1.5">
        <button type="submit" className="btn btn-primary px-3 py-1 text-sm" data-testid="note-save">
          {t("note.save")}
        </button>
        <button type="button" className="btn btn-ghost px-3 py-1 text-sm" onClick={onCancel}>
          {t("note.cancel")}
        </button>
      </div>
    </form>
  );
}

/** The viewer's votes on a note while voting is open: a toggle, or − dots + when votes may pile up. */
function VoteControls({ note, parts }: { note: RetroNoteView; parts: RetroParts }) {
  const { t } = useTranslation("retro");
  const { view, act } = parts;
  const done = parts.you ? view.doneVoters.includes(parts.you.member) : false;
  if (!view.cumulative) {
    const voted = note.myVotes > 0;
    return (
      <button
        type="button"
        className={`inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-semibold focus-visible:shadow-[0_0_0_3px_var(--ring)] focus-visible:outline-none disabled:opacity-60 ${voted ? "border-[var(--primary)] bg-[var(--primary)] text-[var(--primary-text)]" : "border-[var(--border)] hover:border-[var(--primary)] hover:text-[var(--primary)]"}`}
        aria-pressed={voted}
        aria-label={voted ? t("note.unvote") : t("note.vote")}
        disabled={done}
        onClick={() => void act({ type: voted ? "unvote" : "vote", note: note.id })}
        data-testid="note-vote"
      >
        <Icon name={voted ? "check" : "plus"} size={13} />
        {voted ? t("note.voted") : t("note.voteShort")}
      </button>
    );
  }
  return (
    <span className="inline-flex items-center gap-1">
      <button
        type="button"
        className="muted rounded-full border border-[var(--border)] p-0.5 hover:text-[var(--text)] disabled:opacity-40"
        aria-label={t("note.unvote")}
        disabled={done || note.myVotes === 0}
        onClick={() => void act({ type: "unvote", note: note.id })}
        data-testid="note-unvote"
      >
        <Icon name="minus" size={12} />
      </button>
      <span className="min-w-5 text-center text-xs font-semibold tabular-nums" aria-label={t("note.myVotes", { count: note.myVotes })} data-testid="note-my-votes">
        {note.myVotes}
      </span>
      <button
        type="button"
        className="rounded-full border border-[var(--primary)] p-0.5 text-[var(--primary)] hover:bg-[var(--primary)] hover:text-[var(--primary-text)] disabled:opacity-40"
        aria-label={t("note.vote")}
        disabled={done}
        onClick={() => void act({ type: "vote", note: note.id })}
        data-testid="note-vote"
      >
        <Icon name="plus" size={12} />
      </button>
    </span>
  );
}

/**
 * `stack` is the id of the group head the note belongs to (its own id when alone); `grouped` says
 * the stack holds more than this note.
 */
export function NoteCard({ note, stack, parts, grouped = false, follower = false }: { note: RetroNoteView; stack: string; parts: RetroParts; grouped?: boolean; follower?: boolean }) {
  const { t } = useTranslation("retro");
  const { view, readOnly, act, nameOf } = parts;
  const [editing, setEditing] = useState(false);
  const canManage = !readOnly && (note.mine || view.facilitator);
  const data: NoteDragData = { stack };
  const drag = useDraggable({ id: note.id, data, disabled: !canManage || editing });
  const drop = useDroppable({ id: `note:${note.id}`, data, disabled: readOnly });
  // Pointer drags start anywhere on the card; keyboard drags only from the grip, so Space and
  // Enter keep working on the card's own buttons.
  const { onKeyDown: keyboardDrag, ...pointerDrag } = drag.listeners ?? {};
  const onGripKey = (e: KeyboardEvent<HTMLButtonElement>) => (keyboardDrag as ((event: KeyboardEvent) => void) | undefined)?.(e);
  const author = note.mine ? t("note.you") : note.author ? nameOf(note.author) : t("note.anonymous");
  const overHere = drop.isOver && drag.active?.id !== note.id;

  return (
    <li
      ref={(el) => {
        drag.setNodeRef(el);
        drop.setNodeRef(el);
      }}
      {...(editing ? {} : pointerDrag)}
      className={`group/note relative rounded-lg border bg-[var(--surface)] p-2.5 text-sm transition-shadow ${overHere ? "border-[var(--primary)] shadow-[0_0_0_3px_var(--ring)]" : "border-[var(--border)]"} ${drag.isDragging ? "opacity-40" : ""} shadow-sm ${canManage && !editing ? "cursor-grab active:cursor-grabbing" : ""} ${note.action ? "border-l-[3px] border-l-[var(--success)]" : ""}`}
      data-testid="retro-note"
      data-note={note.id}
      data-text={note.text}
      data-column={note.column}
      data-group={note.group ?? ""}
      data-follower={follower ? "true" : "false"}
      data-action={note.action ? "true" : "false"}
      data-exported={note.exported ? "true" : "false"}
    >
      {overHere && (
        <span className="absolute -top-2.5 right-2 rounded-full bg-[var(--primary)] px-2 py-0.5 text-[0.65rem] font-semibold text-[var(--primary-text)]" aria-hidden="true">
          {t("dnd.dropToGroup")}
        </span>
      )}
      {/* The grip sits in the corner so every note's text starts at the same edge, movable or not. */}
      <div className="flex items-start gap-1.5">
        <div className={`min-w-0 flex-1 ${canManage && !editing ? "pr-5" : ""}`}>
          {editing ? (
            <NoteEditor initial={note.text} onSave={(text) => act({ type: "edit_note", note: note.id, text })} onCancel={() => setEditing(false)} />
          ) : (
            <p className="whitespace-pre-wrap break-words leading-snug" data-testid="note-text">
              {note.text}
            </p>
          )}
        </div>
        {canManage && !editing && (
          <button
            type="button"
            ref={drag.setActivatorNodeRef}
            {...drag.attributes}
            onKeyDown={onGripKey}
            className="muted absolute right-1.5 top-2 cursor-grab rounded p-0.5 opacity-60 hover:text-[var(--text)] focus-visible:opacity-100 focus-visible:shadow-[0_0_0_3px_var(--ring)] focus-visible:outline-none group-hover/note:opacity-100"
            aria-label={t("note.dragHandle", { text: note.text.slice(0, 60) })}
            data-testid="note-drag"
          >
            <Icon name="grip" size={14} />
          </button>
        )}
      </div>
      {!editing && (
        <div className="mt-2 flex flex-wrap items-center gap-x-1.5 gap-y-1 text-xs">
          <span className="muted inline-flex min-w-0 items-center gap-1">
            {note.author ? <PersonAvatar id={note.author} name={note.mine ? (parts.you?.name ?? author) : author} size={18} /> : <Icon name="eyeOff" size={14} />}
            <span className="truncate" data-testid="note-author">
              {author}
            </span>
          </span>
          {note.action && (
            <span className="inline-flex items-center gap-1 rounded-full bg-[color-mix(in_srgb,var(--success)_14%,transparent)] px-1.5 py-0.5 font-semibold text-[var(--success)]" data-testid="note-action-badge">
              <Icon name="flag" size={11} />
              {note.exported ? t("note.exported") : t("note.actionItem")}
            </span>
          )}
          <span className="ml-auto inline-flex items-center gap-0.5">
            {canManage && (
              // The tools show on hover or focus where there is a pointer that can hover, always on touch screens.
              <span className="inline-flex items-center opacity-0 transition-opacity group-hover/note:opacity-100 group-focus-within/note:opacity-100 [@media(hover:none)]:opacity-100" data-testid="note-tools">
                <ToolButton icon="flag" label={note.action ? t("note.unmarkAction") : t("note.markAction")} pressed={note.action} onClick={() => void act({ type: "mark_action", note: note.id, action: !note.action })} testId="note-mark-action" />
                {note.mine && <ToolButton icon="pencil" label={t("note.edit")} onClick={() => setEditing(true)} testId="note-edit" />}
                {grouped && <ToolButton icon="unlink" label={t("note.ungroup")} onClick={() => void act({ type: "ungroup_note", note: note.id })} testId="note-ungroup" />}
                <ToolButton icon="trash" label={t("note.delete")} danger onClick={() => void act({ type: "delete_note", note: note.id })} testId="note-delete" />
              </span>
            )}
            {view.votingPhase && !readOnly && <VoteControls note={note} parts={parts} />}
            {!view.votingPhase && note.votes > 0 && (
              <span className="inline-flex items-center gap-1 rounded-full bg-[var(--surface-2)] px-2 py-0.5 font-semibold tabular-nums" aria-label={t("note.votes", { count: note.votes })} data-testid="note-votes">
                <span className="h-1.5 w-1.5 rounded-full bg-[var(--primary)]" aria-hidden="true" />
                {note.votes}
              </span>
            )}
          </span>
        </div>
      )}
    </li>
  );
}
