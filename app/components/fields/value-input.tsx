import { useEffect, useRef, useState } from "react";
import { stopEscape } from "./text-editors";

/**
 * A number, a date or a line of text in an input of its own type, saved on Enter or when leaving
 * it; Escape puts the value back. On the task page the input stays and saves again and again; an
 * editor of its own (a table cell's, given `onCancel`) takes the focus, ends once and says so.
 */
export function ValueInput({
  type,
  value,
  label,
  onSave,
  onCancel,
  className = "w-full max-w-44",
  testId,
}: {
  type: "number" | "date" | "text" | "url";
  value: string;
  label: string;
  onSave: (next: string) => void;
  onCancel?: () => void;
  className?: string;
  testId?: string;
}) {
  const [draft, setDraft] = useState(value);
  const input = useRef<HTMLInputElement>(null);
  const focused = useRef(false);
  const once = onCancel !== undefined;
  // Escape blurs the input: the blur that follows must not save the draft.
  const ended = useRef(false);
  useEffect(() => {
    if (!focused.current) setDraft(value);
  }, [value]);
  useEffect(() => {
    if (!once) return;
    input.current?.focus();
    if (type === "text" || type === "url") input.current?.select();
  }, []);
  const end = (save: boolean) => {
    if (ended.current) return;
    if (once) ended.current = true;
    if (save && draft !== value) onSave(draft);
    else if (once) onCancel();
    else setDraft(value);
  };
  return (
    <input
      ref={input}
      type={type}
      step={type === "number" ? "any" : undefined}
      className={`input px-2 py-1 text-sm ${className}`}
      aria-label={label}
      value={draft}
      onFocus={() => {
        focused.current = true;
        ended.current = false;
      }}
      onChange={(e) => setDraft(e.target.value)}
      onBlur={() => {
        focused.current = false;
        end(true);
      }}
      onKeyDown={(e) => {
        // A cell's editor keeps its keys from the grid's arrow keys.
        if (once) e.stopPropagation();
        if (e.key === "Enter") {
          e.preventDefault();
          end(true);
        }
        stopEscape(e, () => {
          end(false);
          if (!once) {
            ended.current = true;
            (e.target as HTMLInputElement).blur();
          }
        });
      }}
      data-testid={testId}
    />
  );
}
