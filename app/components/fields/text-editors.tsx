/**
 * Text-like values edited in place: one line on a click, long text with save and cancel,
 * numbers, dates and single lines as inputs saved on Enter or leaving. Escape cancels without
 * closing a modal around the editor. The task page and a table cell use the same inputs.
 */
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Empty } from "./field-value";

/** Escape cancels an inline edit without closing a modal around it. */
export const stopEscape = (e: KeyboardEvent, cancel: () => void) => {
  if (e.key !== "Escape") return;
  e.preventDefault();
  e.stopPropagation();
  cancel();
};

/** One line of text: shown as text, a click turns it into an input; Enter or leaving saves, Escape cancels. */
export function InlineText({
  value,
  label,
  onSave,
  readOnly,
  inputType = "text",
  className = "",
  inputClassName = "",
  display,
  testId,
  required = false,
}: {
  value: string;
  label: string;
  onSave: (next: string) => void;
  readOnly: boolean;
  inputType?: "text" | "url";
  className?: string;
  inputClassName?: string;
  display?: ReactNode;
  testId?: string;
  required?: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  const input = useRef<HTMLInputElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();
  // Finishing with Enter or Escape puts the focus back on the text (keyboard users stay put).
  const refocus = useRef(false);
  useEffect(() => {
    if (!editing) setDraft(value);
  }, [value, editing]);
  useEffect(() => {
    if (editing) input.current?.select();
    else if (refocus.current) {
      refocus.current = false;
      button.current?.focus();
    }
  }, [editing]);
  if (readOnly) return <span className={className} data-testid={testId}>{display ?? (value || <Empty />)}</span>;
  const commit = () => {
    setEditing(false);
    const next = draft.trim();
    if (next === value.trim() || (required && next === "")) return setDraft(value);
    onSave(next);
  };
  if (editing) {
    return (
      <input
        ref={input}
        type={inputType}
        className={`input ${inputClassName}`}
        aria-label={label}
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            e.preventDefault();
            refocus.current = true;
            commit();
          }
          stopEscape(e, () => {
            refocus.current = true;
            setDraft(value);
            setEditing(false);
          });
        }}
        data-testid={testId ? `${testId}-input` : undefined}
      />
    );
  }
  return (
    // Named "<label> <what it shows>": a spoken name must contain the visible text (WCAG 2.5.3),
    // so speech users can click it by saying what they see.
    <>
      <span id={`${id}-label`} hidden>
        {label}
      </span>
      <button ref={button} id={`${id}-button`} type="button" className={`w-full rounded-md px-2 py-1 text-left hover:bg-[var(--surface-2)] ${className}`} aria-labelledby={`${id}-label ${id}-button`} onClick={() => setEditing(true)} data-testid={testId}>
        {display ?? (value || <Empty />)}
      </button>
    </>
  );
}

/** Long text (a description): shown with its line breaks; edited in a text area with save and cancel. */
export function LongText({ value, label, onSave, readOnly, testId }: { value: string; label: string; onSave: (next: string) => Promise<string | undefined>; readOnly: boolean; testId?: string }) {
  const { t } = useTranslation("task");
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  const area = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  useEffect(() => {
    if (!editing) setDraft(value);
  }, [value, editing]);
  useEffect(() => {
    if (editing) area.current?.focus();
  }, [editing]);
  const shown = value ? <div className="text-sm leading-relaxed break-words whitespace-pre-wrap">{value}</div> : <Empty>{readOnly ? t("field.empty") : t("field.addText", { name: label })}</Empty>;
  if (readOnly) return <div data-testid={testId}>{shown}</div>;
  const save = async () => {
    if (draft !== value) {
      const error = await onSave(draft);
      if (error) return;
    }
    setEditing(false);
  };
  if (!editing) {
    return (
      // Like InlineText: the spoken name starts with "Edit <label>" and contains the visible text.
      <>
        <span id={`${id}-label`} hidden>
          {t("field.edit", { name: label })}
        </span>
        <button id={`${id}-button`} type="button" className="block w-full rounded-md px-2 py-1.5 text-left hover:bg-[var(--surface-2)]" aria-labelledby={`${id}-label ${id}-button`} onClick={() => setEditing(true)} data-testid={testId}>
          {shown}
        </button>
      </>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <textarea
        ref={area}
        className="input min-h-32 text-sm leading-relaxed"
        aria-label={label}
        value={draft}
        rows={Math.min(20, Math.max(5, draft.split("\n").length + 1))}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
            e.preventDefault();
            void save();
          }
          stopEscape(e, () => setEditing(false));
        }}
        data-testid={testId ? `${testId}-input` : undefined}
      />
      <div className="flex gap-2">
        <button type="button" className="btn btn-primary py-1.5 text-sm" onClick={() => void save()} data-testid={testId ? `${testId}-save` : undefined}>
          {t("save")}
        </button>
        <button type="button" className="btn py-1.5 text-sm" onClick={() => setEditing(false)}>
          {t("cancel")}
        </button>
        <span className="muted self-center text-xs">{t("field.saveHint")}</span>
      </div>
    </div>
  );
}

