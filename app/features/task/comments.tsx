/**
 * A task's comments: the list (mentions shown as names), a box to write one with an `@` picker
 * of the project's people, and editing and deleting one's own (a project admin may delete any).
 */
import { type FormEvent, type KeyboardEvent, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { matchesQuery } from "../../../domain/fields/match";
import { COMMENT_MAX } from "../../../domain/planning/limits";
import { commentPieces, decodeMentions, encodeMentions, insertMention, mentionQueryAt, type Picked } from "../../../domain/task/mention-draft";
import { formatRelativeTime } from "../../../domain/time/format";
import type { CommentView } from "../../../workers/services/comments";
import type { ParticipantView } from "../../../workers/services/projects";
import { Avatar } from "../../components/ui/avatar";
import { useConfirm } from "../../components/ui/dialog";
import { FormAlert } from "../../components/ui/field";
import { serverErrors } from "../../components/ui/form-errors";
import { Icon } from "../../components/ui/icons";
import { useApi } from "../shell/errors";

const MENTION_HINTS = 6;

/**
 * A text area that offers the project's people after `@`. Picked people show as `@Name` and
 * are stored as `@[Name](guid)`; `value` and `onChange` speak the shown text and the picks.
 */
function MentionBox({
  draft,
  onDraft,
  people,
  label,
  placeholder,
  onSubmit,
  onCancel,
  testId,
  autoFocus,
}: {
  draft: { text: string; picked: Picked[] };
  onDraft: (next: { text: string; picked: Picked[] }) => void;
  people: ParticipantView[];
  label: string;
  placeholder?: string;
  onSubmit: () => void;
  onCancel?: () => void;
  testId: string;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation("task");
  const area = useRef<HTMLTextAreaElement>(null);
  const listId = useId();
  const [query, setQuery] = useState<{ start: number; query: string } | null>(null);
  const [active, setActive] = useState(0);
  const matches = useMemo(
    () => (query ? people.filter((p) => matchesQuery(p.name, query.query) || matchesQuery(p.email, query.query)).slice(0, MENTION_HINTS) : []),
    [people, query],
  );
  const open = query !== null && matches.length > 0;

  const follow = (text: string, caret: number) => {
    setQuery(mentionQueryAt(text, caret));
    setActive(0);
  };
  const pick = (person: ParticipantView) => {
    if (!query || !area.current) return;
    const caret = area.current.selectionStart;
    const next = insertMention(draft.text, query.start, caret, person.name);
    onDraft({ text: next.text, picked: [...draft.picked, { name: person.name, guid: person.guid }] });
    setQuery(null);
    requestAnimationFrame(() => {
      area.current?.focus();
      area.current?.setSelectionRange(next.caret, next.caret);
    });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (open) {
      if (e.key === "ArrowDown" || e.key === "ArrowUp") {
        e.preventDefault();
        setActive((a) => (a + (e.key === "ArrowDown" ? 1 : matches.length - 1)) % matches.length);
        return;
      }
      if (e.key === "Enter" || e.key === "Tab") {
        e.preventDefault();
        pick(matches[active]!);
        return;
      }
      if (e.key === "Escape") {
        e.preventDefault();
        e.stopPropagation();
        setQuery(null);
        return;
      }
    }
    if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      onSubmit();
    } else if (e.key === "Escape" && onCancel) {
      e.preventDefault();
      e.stopPropagation();
      onCancel();
    }
  };

  return (
    <div className="relative">
      <textarea
        ref={area}
        className="input min-h-20 text-sm"
        aria-label={label}
        placeholder={placeholder}
        value={draft.text}
        maxLength={COMMENT_MAX}
        rows={Math.min(12, Math.max(3, draft.text.split("\n").length + 1))}
        autoFocus={autoFocus}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        aria-activedescendant={open ? `${listId}-${active}` : undefined}
        onChange={(e) => {
          onDraft({ ...draft, text: e.target.value });
          follow(e.target.value, e.target.selectionStart);
        }}
        onSelect={(e) => follow(e.currentTarget.value, e.currentTarget.selectionStart)}
        onBlur={() => setQuery(null)}
        onKeyDown={onKeyDown}
        data-testid={testId}
      />
      {open && (
        <ul id={listId} role="listbox" aria-label={t("comments.mentionList")} className="card absolute left-2 z-30 mt-1 w-64 overflow-hidden p-1" data-testid="mention-list">
          {matches.map((p, index) => (
            <li
              key={p.guid}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              className={`flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm ${index === active ? "bg-[var(--surface-2)]" : ""}`}
              // Keep the text area's focus (and caret) while choosing with the mouse.
              onPointerDown={(e) => e.preventDefault()}
              onClick={() => pick(p)}
              data-testid="mention-option"
            >
              <Avatar user={p} size={20} />
              <span className="truncate">{p.name}</span>
              <span className="muted ml-auto truncate text-xs">{p.email}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** A comment's text with mentions as names (today's name when the person is still in the project). */
export function CommentText({ text, people }: { text: string; people: ParticipantView[] }) {
  return (
    <div className="text-sm leading-relaxed break-words whitespace-pre-wrap" data-testid="comment-text">
      {commentPieces(text).map((piece, i) =>
        piece.kind === "text" ? (
          <span key={i}>{piece.text}</span>
        ) : (
          <span key={i} className="rounded bg-[color-mix(in_srgb,var(--primary)_14%,transparent)] px-1 font-medium text-[var(--primary)]" data-testid="mention" data-guid={piece.guid}>
            @{people.find((p) => p.guid === piece.guid)?.name ?? piece.name}
          </span>
        ),
      )}
    </div>
  );
}

function CommentItem({ comment, people, mine, canDelete, projectGuid, taskGuid, now, onChanged }: { comment: CommentView; people: ParticipantView[]; mine: boolean; canDelete: boolean; projectGuid: string; taskGuid: string; now: number; onChanged: () => void }) {
  const { t, i18n } = useTranslation("task");
  const api = useApi();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(() => decodeMentions(comment.text));
  const [error, setError] = useState("");
  const path = `/v1/project/${projectGuid}/issue/${taskGuid}/comment/${comment.guid}`;
  const [confirmDialog, ask] = useConfirm();
  const save = async () => {
    const text = encodeMentions(draft.text, draft.picked).trim();
    if (!text) return setError(t("errors:comment_text_required"));
    const result = await api("PUT", path, { text }, { quiet: true });
    if (result.error) return setError(serverErrors(result.error, t).detail);
    setError("");
    setEditing(false);
    onChanged();
  };
  const remove = async () => {
    if (!(await ask({ question: t("comments.confirmDelete"), confirm: t("common:confirm.delete"), cancel: t("common:confirm.cancel") }))) return;
    const result = await api("DELETE", path);
    if (!result.error) onChanged();
  };
  const author = comment.author;
  return (
    <li className="flex gap-3" data-testid="comment" data-guid={comment.guid}>
      {confirmDialog}
      <div className="shrink-0 pt-0.5">{author ? <Avatar user={author} size={30} /> : <span className="block h-[30px] w-[30px] rounded-full bg-[var(--surface-2)]" />}</div>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline gap-x-2 text-sm">
          <span className="font-semibold">{author?.name ?? t("someone")}</span>
          <time className="muted text-xs" dateTime={new Date(comment.created_at).toISOString()}>
            {formatRelativeTime(comment.created_at, now, i18n.language)}
          </time>
          {comment.updated_at > comment.created_at && <span className="muted text-xs">{t("comments.edited")}</span>}
        </div>
        {editing ? (
          <div className="mt-1 flex flex-col gap-2">
            <MentionBox draft={draft} onDraft={setDraft} people={people} label={t("comments.editLabel")} onSubmit={() => void save()} onCancel={() => setEditing(false)} testId="comment-edit-input" autoFocus />
            {error && <FormAlert tone="error">{error}</FormAlert>}
            <div className="flex gap-2">
              <button type="button" className="btn btn-primary py-1 text-sm" onClick={() => void save()} data-testid="comment-edit-save">
                {t("save")}
              </button>
              <button type="button" className="btn py-1 text-sm" onClick={() => setEditing(false)}>
                {t("cancel")}
              </button>
            </div>
          </div>
        ) : (
          <div className="mt-0.5">
            <CommentText text={comment.text} people={people} />
            {(mine || canDelete) && (
              <div className="mt-1 flex gap-3 text-xs">
                {mine && (
                  <button
                    type="button"
                    className="muted hover:text-[var(--text)]"
                    onClick={() => {
                      setDraft(decodeMentions(comment.text));
                      setEditing(true);
                    }}
                    data-testid="comment-edit"
                  >
                    {t("comments.edit")}
                  </button>
                )}
                {canDelete && (
                  <button type="button" className="muted hover:text-[var(--danger)]" onClick={() => void remove()} data-testid="comment-delete">
                    {t("comments.delete")}
                  </button>
                )}
              </div>
            )}
          </div>
        )}
      </div>
    </li>
  );
}

export function Comments({
  comments,
  people,
  projectGuid,
  taskGuid,
  viewer,
  canWrite,
  isRoot,
  now,
  onChanged,
}: {
  comments: CommentView[];
  people: ParticipantView[];
  projectGuid: string;
  taskGuid: string;
  viewer: string;
  canWrite: boolean;
  isRoot: boolean;
  now: number;
  onChanged: () => void;
}) {
  const { t } = useTranslation("task");
  const api = useApi();
  const [draft, setDraft] = useState<{ text: string; picked: Picked[] }>({ text: "", picked: [] });
  const [error, setError] = useState("");
  const [sending, setSending] = useState(false);
  // Only verified participants can be mentioned (they are the ones who get told).
  const mentionable = useMemo(() => people.filter((p) => p.access_project.is_verifications && p.guid !== viewer), [people, viewer]);

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const text = encodeMentions(draft.text, draft.picked).trim();
    if (!text || sending) return;
    setSending(true);
    const result = await api("POST", `/v1/project/${projectGuid}/issue/${taskGuid}/comment`, { text }, { quiet: true });
    setSending(false);
    if (result.error) return setError(serverErrors(result.error, t).detail);
    setError("");
    setDraft({ text: "", picked: [] });
    onChanged();
  };

  return (
    <div className="flex flex-col gap-4" data-testid="comments">
      {comments.length === 0 && <p className="muted text-sm">{t("comments.none")}</p>}
      <ul className="flex flex-col gap-4">
        {comments.map((c) => (
          <CommentItem
            key={`${c.guid}:${c.updated_at}`}
            comment={c}
            people={people}
            mine={c.author?.guid === viewer && canWrite}
            canDelete={canWrite && (c.author?.guid === viewer || isRoot)}
            projectGuid={projectGuid}
            taskGuid={taskGuid}
            now={now}
            onChanged={onChanged}
          />
        ))}
      </ul>
      {canWrite && (
        <form onSubmit={submit} className="flex flex-col gap-2" data-testid="comment-form">
          <MentionBox draft={draft} onDraft={setDraft} people={mentionable} label={t("comments.add")} placeholder={t("comments.placeholder")} onSubmit={() => void submit()} testId="comment-input" />
          {error && <FormAlert tone="error">{error}</FormAlert>}
          <div className="flex items-center gap-3">
            <button type="submit" className="btn btn-primary py-1.5 text-sm" disabled={sending || draft.text.trim() === ""} data-testid="comment-submit">
              <Icon name="check" size={16} />
              {t("comments.send")}
            </button>
            <span className="muted text-xs">{t("comments.hint")}</span>
          </div>
        </form>
      )}
    </div>
  );
}
