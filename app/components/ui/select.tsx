/**
 * A value chosen from a list, the way issue trackers do it: a button showing the current value
 * opens a list with a search box; arrows, Home and End move, Enter picks, Escape closes (without
 * closing a surrounding modal), letters jump to a choice when the list has no search box.
 * Single choice picks and closes; multiple choice toggles each option and stays open. The app's
 * select: options (status, type, tags), people, sprints, tasks, the planning board's line values,
 * the board's toolbar and the table's filters. `ChoiceList` is the list alone, for a caller that
 * frames it itself (a table cell's editor). Its words are the task namespace's `picker.*`.
 */
import { type KeyboardEvent, type ReactNode, useEffect, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { matchesQuery } from "../../../domain/fields/match";
import { Icon } from "./icons";
import { rovingIndex, typeAheadIndex } from "./roving";

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
/** Letters typed within this time (ms) make one type-ahead query. */
const TYPE_AHEAD_MS = 700;

/** Why a list asks to be closed: Escape (cancel) or Tab (moving on). */
export type CloseReason = "escape" | "tab";

/**
 * The list of a select: an optional search box, the options, and "create" for a new label.
 * It takes the focus when it mounts and answers the keys; what a pick means is the caller's.
 */
export function ChoiceList({
  label,
  choices,
  selected,
  multiple = false,
  onPick,
  onClose,
  onQuery,
  onCreate,
  withSearch: forceSearch = false,
  optionTestId = "picker-option",
  footer,
}: {
  label: string;
  choices: Choice[];
  selected: (string | null)[];
  multiple?: boolean;
  onPick: (choice: Choice) => void;
  onClose: (reason: CloseReason) => void;
  onQuery?: (query: string) => void;
  onCreate?: (label: string) => void;
  /** A search box whatever the list's length (a table cell's editor narrows as one types). */
  withSearch?: boolean;
  optionTestId?: string;
  /** Below the list (a multiple choice's "Done"). */
  footer?: ReactNode;
}) {
  const { t } = useTranslation("task");
  const [query, setQuery] = useState("");
  const listId = useId();
  const search = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const typed = useRef({ text: "", at: 0 });

  const shown = useMemo(
    () => (onQuery ? choices : choices.filter((c) => (c.id === null ? query === "" : matchesQuery(c.label, query) || (c.hint !== undefined && matchesQuery(c.hint, query))))),
    [choices, query, onQuery],
  );
  const [active, setActive] = useState(() => Math.max(0, shown.findIndex((c) => selected.includes(c.id))));
  const withSearch = forceSearch || Boolean(onQuery || onCreate) || choices.length > SEARCH_FROM;
  const creatable = onCreate && query.trim() && !choices.some((c) => c.label.trim().toLocaleLowerCase() === query.trim().toLocaleLowerCase()) ? query.trim() : null;

  useEffect(() => (withSearch ? search.current : list.current)?.focus(), []);
  useEffect(() => setActive((a) => Math.min(a, Math.max(0, shown.length - 1))), [shown.length]);
  useEffect(() => {
    onQuery?.(query);
  }, [query, onQuery]);
  useEffect(() => {
    list.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: "nearest" });
  }, [active]);

  const onKeyDown = (e: KeyboardEvent) => {
    const inList = e.target === list.current;
    if (e.key === "Escape") {
      e.preventDefault();
      // The list answers Escape; a modal around it stays open.
      e.stopPropagation();
      onClose("escape");
    } else if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      setActive((a) => Math.max(0, Math.min(shown.length - 1, a + (e.key === "ArrowDown" ? 1 : -1))));
    } else if ((e.key === "Home" || e.key === "End") && inList) {
      e.preventDefault();
      setActive(rovingIndex(e.key, active, shown.length, "vertical") ?? active);
    } else if (e.key === "Enter" || (e.key === " " && inList && typed.current.text === "")) {
      e.preventDefault();
      const choice = shown[active];
      if (choice) onPick(choice);
      else if (creatable && e.key === "Enter") {
        onCreate!(creatable);
        setQuery("");
      }
    } else if (e.key === "Tab") onClose("tab");
    else if (inList && e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) {
      const now = Date.now();
      const text = now - typed.current.at < TYPE_AHEAD_MS ? typed.current.text + e.key : e.key;
      typed.current = { text, at: now };
      const next = typeAheadIndex(text.trim() === "" ? "" : text, shown.map((c) => c.label), active);
      if (next !== null) setActive(next);
    }
  };

  return (
    <div onKeyDown={onKeyDown}>
      {withSearch && (
        <input
          ref={search}
          className="input mb-1 py-1.5 text-sm"
          placeholder={t("picker.search")}
          aria-label={t("picker.searchIn", { name: label })}
          role="combobox"
          aria-expanded="true"
          aria-controls={listId}
          aria-activedescendant={shown[active] ? `${listId}-${active}` : undefined}
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(0);
          }}
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
              // The focus stays in the search box or the list: a framing editor that saves on blur sees no blur.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => onPick(choice)}
              data-testid={optionTestId}
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
      {footer}
    </div>
  );
}

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
  compact = false,
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
  /**
   * A small pill (a value in a board's line) instead of a field-sized button. Its own size, not
   * classes added after the default ones: of two utilities for one property the style sheet's
   * order decides, not the order in `class`.
   */
  compact?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const outside = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", outside);
    return () => document.removeEventListener("pointerdown", outside);
  }, [open]);

  const close = (focus = true) => {
    setOpen(false);
    // Before the list goes: removing the focused option would make the browser find a new
    // focus itself, at a cost (2–3 ms on a 2,000-card board). The button is where the pointer
    // or the keys already are, so no scrolling (which needed a layout of the page).
    if (focus) button.current?.focus({ preventScroll: true });
  };
  const pick = (choice: Choice) => {
    if (!multiple) {
      onChange(choice.id === null ? [] : [choice.id]);
      return close();
    }
    onChange(selected.includes(choice.id) ? selected.filter((s) => s !== choice.id) : [...selected, choice.id]);
  };

  return (
    <div className="relative" ref={root}>
      {/* Named "<label> <what it shows>": the spoken name contains the visible value (WCAG 2.5.3). */}
      <span id={`${id}-label`} hidden>
        {label}
      </span>
      <button
        ref={button}
        id={`${id}-button`}
        type="button"
        className={`flex w-full items-center gap-1.5 text-left hover:bg-[var(--surface-2)] ${compact ? "rounded-full px-2 py-0.5 text-xs" : "min-h-8 rounded-md px-2 py-1 text-sm"} ${buttonClassName}`}
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-labelledby={`${id}-label ${id}-button`}
        onClick={() => (open ? close() : setOpen(true))}
        // Arrows open the list, as they do on a native select.
        onKeyDown={(e) => {
          if (!open && (e.key === "ArrowDown" || e.key === "ArrowUp")) {
            e.preventDefault();
            setOpen(true);
          }
        }}
        data-testid={testId}
        data-value={multiple ? undefined : (selected[0] ?? "")}
      >
        {children}
      </button>
      {open && (
        <div className={`card absolute top-full ${alignEnd ? "right-0" : "left-0"} z-30 mt-1 w-72 max-w-[85vw] overflow-hidden p-1`} data-testid="picker">
          <ChoiceList {...{ label, choices, selected, multiple, onQuery, onCreate }} onPick={pick} onClose={(reason) => close(reason === "escape")} />
        </div>
      )}
    </div>
  );
}

/**
 * The stand-in for a native `<select>` of plain values (a toolbar's or a filter's): one value of
 * a list, the button shaped like an input and showing the chosen label. `value` "" with an
 * option of value "" is a select's "none" entry.
 */
export function SelectOne({
  label,
  value,
  options,
  onChange,
  testId,
  className = "",
  buttonClassName = "",
  alignEnd,
}: {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  testId?: string;
  /** The width of the whole (a class on its box). */
  className?: string;
  /** The button's height and text (the kit draws it as an input). */
  buttonClassName?: string;
  alignEnd?: boolean;
}) {
  const current = options.find((o) => o.value === value);
  return (
    <div className={className}>
    <Select
      label={label}
      choices={options.map((o) => ({ id: o.value, label: o.label }))}
      selected={[value]}
      onChange={(next) => next[0] !== undefined && next[0] !== null && onChange(next[0])}
      testId={testId}
      buttonClassName={`input ${buttonClassName}`}
      alignEnd={alignEnd}
    >
      <span className="min-w-0 flex-1 truncate">{current?.label ?? ""}</span>
      <Icon name="chevronRight" size={14} className="shrink-0 rotate-90 opacity-60" />
    </Select>
    </div>
  );
}
