/**
 * In-place editors for one field value, by type, shared by table cells and task-board cards.
 * Keyboard first: Enter saves, Escape cancels, arrows move through choices. An editor calls
 * `onCommit` with the new value (null clears) or `onCancel`; it never writes by itself.
 */
import { type KeyboardEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { optionLabel } from "../../../domain/fields/types";
import type { FieldView } from "../../../workers/services/field-definitions";
import { Avatar } from "../../components/ui/avatar";
import { Icon } from "../../components/ui/icons";
import { OptionChip } from "../../components/ui/chip";
import type { FieldContext } from "../../components/ui/field-value";

/** Types that have an editor here; long text and task references are edited in the task itself. */
const EDITABLE = new Set(["text", "url", "number", "date", "checkbox", "select", "rotation", "multi_select", "participant", "participants", "sprint"]);
export const isEditableField = (field: Pick<FieldView, "type_fields" | "individual_value">) => EDITABLE.has(field.type_fields) && !field.individual_value;

interface EditorProps {
  field: FieldView;
  value: unknown;
  ctx: FieldContext;
  onCommit: (value: unknown) => void;
  onCancel: () => void;
}

/** The editor for a field: an input for text, numbers and dates, a choice list for the rest. */
export function ValueEditor(props: EditorProps) {
  switch (props.field.type_fields) {
    case "text":
    case "url":
    case "number":
    case "date":
      return <InputEditor {...props} />;
    default:
      return <ChoiceEditor {...props} />;
  }
}

/** Keeps pointer presses inside an editor from starting a card drag underneath it. */
const stopDrag = { onPointerDown: (e: { stopPropagation: () => void }) => e.stopPropagation() };

function InputEditor({ field, value, onCommit, onCancel }: EditorProps) {
  const { t } = useTranslation("views");
  const type = field.type_fields;
  const initial = value === null || value === undefined ? "" : type === "date" ? String(value).slice(0, 10) : String(value);
  const [text, setText] = useState(initial);
  const done = useRef(false);
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    input.current?.focus();
    if (type === "text" || type === "url") input.current?.select();
  }, [type]);
  const finish = (save: boolean) => {
    if (done.current) return;
    done.current = true;
    if (!save || text === initial) return onCancel();
    const trimmed = text.trim();
    // A task cannot lose its title.
    if (trimmed === "") return field.slug === "title" ? onCancel() : onCommit(null);
    if (type === "number") {
      const n = Number(trimmed);
      return Number.isFinite(n) ? onCommit(n) : onCancel();
    }
    onCommit(trimmed);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    e.stopPropagation();
    if (e.key === "Enter") {
      e.preventDefault();
      finish(true);
    } else if (e.key === "Escape") {
      e.preventDefault();
      finish(false);
    }
  };
  return (
    <input
      ref={input}
      {...stopDrag}
      className="input h-8 px-2 py-1 text-sm"
      type={type === "number" ? "number" : type === "date" ? "date" : type === "url" ? "url" : "text"}
      step={type === "number" ? "any" : undefined}
      aria-label={t("editor.edit", { field: field.title })}
      value={text}
      onChange={(e) => setText(e.target.value)}
      onKeyDown={onKeyDown}
      onBlur={() => finish(true)}
      data-testid="value-editor"
    />
  );
}

interface Choice {
  id: string | null;
  label: string;
  node: ReactNode;
}

/**
 * A searchable list of choices. One choice: Enter or a click saves it at once. Several (tags,
 * people): Enter or a click ticks, Done or leaving the list saves, Escape cancels.
 */
function ChoiceEditor({ field, value, ctx, onCommit, onCancel }: EditorProps) {
  const { t } = useTranslation("views");
  const type = field.type_fields;
  const multiple = type === "multi_select" || type === "participants";
  const choices = useMemo<Choice[]>(() => {
    if (type === "participant" || type === "participants") {
      return ctx.participants.map((p) => ({
        id: p.guid,
        label: p.name,
        node: (
          <span className="flex min-w-0 items-center gap-2">
            <Avatar user={p} size={20} />
            <span className="truncate">{p.name}</span>
          </span>
        ),
      }));
    }
    if (type === "sprint") return ctx.sprints.map((s) => ({ id: s.backlog ? null : s.guid, label: s.title, node: <span className="truncate">{s.title}</span> }));
    if (type === "checkbox") {
      return [
        { id: "true", label: t("values.yes"), node: t("values.yes") },
        { id: "false", label: t("values.no"), node: t("values.no") },
      ];
    }
    return field.settings.values_set.map((o) => ({ id: o.guid, label: optionLabel(o), node: <OptionChip option={o} /> }));
  }, [type, ctx.participants, ctx.sprints, field.settings.values_set, t]);
  const initial = useMemo(() => {
    if (Array.isArray(value)) return value.filter((v): v is string => typeof v === "string");
    if (value === null || value === undefined) return [];
    return [String(value)];
  }, [value]);
  const [picked, setPicked] = useState<string[]>(initial);
  const [query, setQuery] = useState("");
  const shown = choices.filter((c) => c.label.toLocaleLowerCase().includes(query.trim().toLocaleLowerCase()));
  // Single choices other than a sprint (whose "none" is the backlog) can be cleared.
  const withClear = !multiple && type !== "sprint" && type !== "checkbox";
  const rows: Choice[] = withClear && query === "" ? [{ id: null, label: t("editor.clear"), node: <span className="muted">{t("editor.none")}</span> }, ...shown] : shown;
  const [active, setActive] = useState(() => Math.max(0, rows.findIndex((r) => (r.id === null ? initial.length === 0 : initial.includes(r.id)))));
  const search = useRef<HTMLInputElement>(null);
  const done = useRef(false);
  const listId = useId();
  useEffect(() => search.current?.focus(), []);
  useEffect(() => setActive((a) => Math.min(a, Math.max(0, rows.length - 1))), [rows.length]);

  const finish = (save: boolean, next?: unknown) => {
    if (done.current) return;
    done.current = true;
    if (!save) return onCancel();
    onCommit(next);
  };
  const commitPicked = (list = picked) => {
    const same = list.length === initial.length && list.every((id) => initial.includes(id));
    if (same) return finish(false);
    finish(true, list.length === 0 ? null : list);
  };
  const choose = (choice: Choice) => {
    if (multiple) {
      if (choice.id === null) return;
      const id = choice.id;
      setPicked((p) => (p.includes(id) ? p.filter((x) => x !== id) : [...p, id]));
      return;
    }
    const next = type === "checkbox" ? choice.id === "true" : choice.id;
    const before = type === "checkbox" ? value === true : (initial[0] ?? null);
    if (next === before) return finish(false);
    finish(true, next);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    e.stopPropagation();
    if (e.key === "ArrowDown") {
      e.preventDefault();
      setActive((a) => Math.min(rows.length - 1, a + 1));
    } else if (e.key === "ArrowUp") {
      e.preventDefault();
      setActive((a) => Math.max(0, a - 1));
    } else if (e.key === "Enter") {
      e.preventDefault();
      if (rows[active]) choose(rows[active]!);
      else if (multiple) commitPicked();
    } else if (e.key === "Escape") {
      e.preventDefault();
      finish(false);
    }
  };
  const isPicked = (c: Choice) => (c.id === null ? picked.length === 0 : type === "checkbox" ? String(value === true) === c.id : picked.includes(c.id));

  return (
    <div
      {...stopDrag}
      className="card absolute left-0 top-full z-30 mt-1 w-64 p-1.5 text-left"
      role="dialog"
      aria-label={t("editor.edit", { field: field.title })}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) (multiple ? commitPicked() : finish(false));
      }}
      onKeyDown={onKeyDown}
      data-testid="value-editor"
    >
      <input
        ref={search}
        className="input mb-1 h-8 px-2 py-1 text-sm"
        placeholder={t("editor.search")}
        aria-label={t("editor.search")}
        role="combobox"
        aria-expanded="true"
        aria-controls={listId}
        aria-activedescendant={rows[active] ? `${listId}-${active}` : undefined}
        value={query}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
        }}
      />
      <ul id={listId} role="listbox" aria-multiselectable={multiple || undefined} className="max-h-60 overflow-y-auto">
        {rows.length === 0 && <li className="muted px-2 py-1.5 text-sm">{t("editor.nothing")}</li>}
        {rows.map((c, i) => (
          <li
            key={c.id ?? "none"}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={isPicked(c)}
            className={`flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm ${i === active ? "bg-[var(--surface-2)]" : ""}`}
            onMouseEnter={() => setActive(i)}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => choose(c)}
            data-testid="editor-choice"
            data-choice={c.id ?? ""}
          >
            <span className="flex h-4 w-4 shrink-0 items-center justify-center text-[var(--primary)]">{isPicked(c) && <Icon name="check" size={16} />}</span>
            <span className="min-w-0 flex-1">{c.node}</span>
          </li>
        ))}
      </ul>
      {multiple && (
        <div className="mt-1 flex justify-end border-t border-[var(--border)] pt-1.5">
          <button type="button" className="btn btn-primary px-3 py-1 text-sm" onClick={() => commitPicked()} data-testid="editor-done">
            {t("editor.done")}
          </button>
        </div>
      )}
    </div>
  );
}
