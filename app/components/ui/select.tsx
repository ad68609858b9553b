/**
 * A value chosen from a list, the way issue trackers do it: a button showing the current value
 * opens a list with a search box; arrows move, Enter picks, Escape closes (without closing a
 * surrounding modal). Single choice picks and closes; multiple choice toggles each option and
 * stays open. The app's select: options (status, type, tags), people, sprints, tasks, and the
 * planning board's editable line values. Its words are the task namespace's `picker.*`.
 */
import { type KeyboardEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { matchesQuery } from "../../../domain/fields/hints";
import { Icon } from "./icons";

export interface Choice {
  /** What is stored; `null` is "none" (clears the value). */
  id: string | null;
  label: string;
  color?: string;
  /** Shown before the label (an avatar, a task number). */
  lead?: ReactNode;
  /** A muted second text searched as well (an e-mail, a task number). */
  hint?: string;
}

/** Lists longer than this get a search box. */
const SEARCH_FROM = 6;

export function Select({
  label,
  choices,
  selected,
  multiple = false,
  onChange,
  children,
  testId,
  buttonClassName = "",
  onQuery,
  onCreate,
  alignEnd = false,
}: {
  /** The accessible name of the button and the list. */
  label: string;
  choices: Choice[];
  selected: (string | null)[];
  multiple?: boolean;
  onChange: (next: (string | null)[]) => void;
  /** What the button shows (the current value). */
  children: ReactNode;
  testId?: string;
  buttonClassName?: string;
  /** Searching outside the given choices (tasks): called with the query as it changes. */
  onQuery?: (query: string) => void;
  /** Offers to create an option named as the query when none is called that (labels). */
  onCreate?: (label: string) => void;
  /** Opens the list under the button's right edge (a button at the right of a row). */
  alignEnd?: boolean;
}) {
  const { t } = useTranslation("task");
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const listId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);

  const shown = useMemo(
    () => (onQuery ? choices : choices.filter((c) => c.id === null ? query === "" : matchesQuery(c.label, query) || (c.hint !== undefined && matchesQuery(c.hint, query)))),
    [choices, query, onQuery],
  );
  const withSearch = Boolean(onQuery || onCreate) || choices.length > SEARCH_FROM;
  const creatable = onCreate && query.trim() && !choices.some((c) => c.label.trim().toLocaleLowerCase() === query.trim().toLocaleLowerCase()) ? query.trim() : null;

  useEffect(() => {
    if (!open) return;
    setActive(Math.max(0, shown.findIndex((c) => selected.includes(c.id))));
    (withSearch ? search.current : list.current)?.focus();
    const outside = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", outside);
    return () => document.removeEventListener("pointerdown", outside);
    // Only when opening: later changes of the list keep the active row where the user moved it.
  }, [open]);
  useEffect(() => setActive((a) => Math.min(a, Math.max(0, shown.length - 1))), [shown.length]);
  useEffect(() => {
    onQuery?.(query);
  }, [query, onQuery]);

  const close = (focus = true) => {
    setOpen(false);
    setQuery("");
    if (focus) button.current?.focus();
  };
  const pick = (choice: Choice) => {
    if (!multiple) {
      onChange(choice.id === null ? [] : [choice.id]);
      return close();
    }
    onChange(selected.includes(choice.id) ? selected.filter((s) => s !== choice.id) : [...selected, choice.id]);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === "Escape") {
      e.preventDefault();
      // The picker answers Escape; a modal around it stays open.
      e.stopPropagation();
      close();
    } else if (e.key === "ArrowDown") {
      e.preventDefault();
      setActive((a) => Math.min(shown.length - 1, a + 1));
    } else if (e.key === "ArrowUp") {
      e.preventDefault();
      setActive((a) => Math.max(0, a - 1));
    } else if (e.key === "Enter" || (e.key === " " && e.target === list.current)) {
      e.preventDefault();
      const choice = shown[active];
      if (choice) pick(choice);
      else if (creatable && e.key === "Enter") {
        onCreate!(creatable);
        setQuery("");
      }
    } else if (e.key === "Tab") close(false);
  };
  useEffect(() => {
    list.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: "nearest" });
  }, [active]);

  return (
    <div className="relative" ref={root} onKeyDown={open ? onKeyDown : undefined}>
      {/* Named "<label> <what it shows>": the spoken name contains the visible value (WCAG 2.5.3). */}
      <span id={`${listId}-label`} hidden>
        {label}
      </span>
      <button
        ref={button}
        id={`${listId}-button`}
        type="button"
        className={`flex min-h-8 w-full items-center gap-1.5 rounded-md px-2 py-1 text-left text-sm hover:bg-[var(--surface-2)] ${buttonClassName}`}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-labelledby={`${listId}-label ${listId}-button`}
        onClick={() => (open ? close() : setOpen(true))}
        data-testid={testId}
      >
        {children}
      </button>
      {open && (
        <div className={`card absolute top-full ${alignEnd ? "right-0" : "left-0"} z-30 mt-1 w-72 max-w-[85vw] overflow-hidden p-1`} data-testid="picker">
          {withSearch && (
            <input
              ref={search}
              className="input mb-1 py-1.5 text-sm"
              placeholder={t("picker.search")}
              aria-label={t("picker.searchIn", { name: label })}
              aria-controls={listId}
              aria-activedescendant={shown[active] ? `${listId}-${active}` : undefined}
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              data-testid="picker-search"
            />
          )}
          <ul
            ref={list}
            id={listId}
            role="listbox"
            aria-label={label}
            aria-multiselectable={multiple || undefined}
            aria-activedescendant={!withSearch && shown[active] ? `${listId}-${active}` : undefined}
            tabIndex={withSearch ? -1 : 0}
            className="max-h-64 overflow-y-auto outline-none"
          >
            {shown.length === 0 && !creatable && <li className="muted px-2 py-2 text-sm">{t("picker.nothing")}</li>}
            {shown.map((choice, index) => {
              const isSelected = selected.includes(choice.id) || (choice.id === null && selected.length === 0 && !multiple);
              return (
                <li
                  key={choice.id ?? "none"}
                  id={`${listId}-${index}`}
                  data-index={index}
                  role="option"
                  aria-selected={isSelected}
                  className={`flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm ${index === active ? "bg-[var(--surface-2)]" : ""}`}
                  onPointerEnter={() => setActive(index)}
                  onClick={() => pick(choice)}
                  data-testid="picker-option"
                  data-id={choice.id ?? ""}
                >
                  {multiple ? (
                    <span className={`flex h-4 w-4 shrink-0 items-center justify-center rounded border ${isSelected ? "border-[var(--primary)] bg-[var(--primary)] text-[var(--primary-text)]" : "border-[var(--border)]"}`} aria-hidden="true">
                      {isSelected && <Icon name="check" size={12} />}
                    </span>
                  ) : null}
                  {choice.color && <span className="h-2.5 w-2.5 shrink-0 rounded-full" style={{ background: choice.color }} aria-hidden="true" />}
                  {choice.lead}
                  <span className={`min-w-0 flex-1 truncate ${choice.id === null ? "muted" : ""}`}>{choice.label}</span>
                  {choice.hint && <span className="muted shrink-0 text-xs">{choice.hint}</span>}
                  {!multiple && isSelected && (
                    <span className="text-[var(--primary)]" aria-hidden="true">
                      <Icon name="check" size={14} />
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
          {creatable && (
            <button
              type="button"
              className="mt-1 flex w-full items-center gap-2 rounded-md border-t border-[var(--border)] px-2 py-1.5 text-left text-sm hover:bg-[var(--surface-2)]"
              onClick={() => {
                onCreate!(creatable);
                setQuery("");
              }}
              data-testid="picker-create"
            >
              <Icon name="plus" size={14} />
              <span className="truncate">{t("picker.create", { name: creatable })}</span>
            </button>
          )}
        </div>
      )}
    </div>
  );
}

