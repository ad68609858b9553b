/**
 * The `@` people and `#` task pickers: TipTap's suggestion plugin finds the trigger and the
 * query; this module keeps what it reports in a small store and draws the list with React,
 * under the caret. Keyboard: ↑/↓ choose, Enter or Tab insert, Escape closes.
 */
import type { SuggestionKeyDownProps, SuggestionOptions, SuggestionProps } from "@tiptap/suggestion";
import { PluginKey } from "@tiptap/pm/state";
import { useEffect, useId, useState, useSyncExternalStore } from "react";
import { createPortal } from "react-dom";
import { useTranslation } from "react-i18next";
import { inkOn } from "../../../../domain/ui/contrast";

export interface PersonItem {
  kind: "person";
  id: string;
  label: string;
  color: string;
  email: string;
}
export interface TaskItem {
  kind: "task";
  id: string;
  label: string;
  number: number;
  title: string;
}
export type PickItem = PersonItem | TaskItem;

interface OpenState {
  trigger: "@" | "#";
  query: string;
  items: PickItem[];
  index: number;
  rect: DOMRect | null;
  loading: boolean;
  pick: (item: PickItem) => void;
}

/** One per editor: what the open picker shows, if any. */
export class SuggestionStore {
  state: OpenState | null = null;
  #listeners = new Set<() => void>();
  subscribe = (listener: () => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };
  get = () => this.state;
  #set(state: OpenState | null) {
    this.state = state;
    for (const l of this.#listeners) l();
  }
  show(trigger: "@" | "#", props: SuggestionProps<PickItem>) {
    const index = this.state && this.state.trigger === trigger ? Math.min(this.state.index, Math.max(0, props.items.length - 1)) : 0;
    this.#set({
      trigger,
      query: props.query,
      items: props.items,
      index,
      rect: props.clientRect?.() ?? null,
      loading: props.loading,
      pick: (item) => props.command({ id: item.id, label: item.label } as unknown as PickItem),
    });
  }
  close() {
    if (this.state) this.#set(null);
  }
  key({ event }: SuggestionKeyDownProps): boolean {
    const s = this.state;
    if (!s) return false;
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      const n = s.items.length;
      if (n > 0) this.#set({ ...s, index: (s.index + (event.key === "ArrowDown" ? 1 : n - 1)) % n });
      return true;
    }
    if (event.key === "Enter" || event.key === "Tab") {
      const item = s.items[s.index];
      if (!item) return false;
      s.pick(item);
      return true;
    }
    if (event.key === "Escape") {
      this.close();
      return true;
    }
    return false;
  }
}

/** The suggestion configs of both pickers, reporting to `store`. */
export function pickerSuggestions(
  store: SuggestionStore,
  sources: { people: (query: string) => PickItem[]; tasks: (query: string, signal: AbortSignal) => Promise<PickItem[]> },
): Omit<SuggestionOptions<PickItem>, "editor">[] {
  const render = (trigger: "@" | "#") => () => ({
    onStart: (props: SuggestionProps<PickItem>) => store.show(trigger, props),
    onUpdate: (props: SuggestionProps<PickItem>) => store.show(trigger, props),
    onKeyDown: (props: SuggestionKeyDownProps) => store.key(props),
    onExit: () => store.close(),
  });
  return [
    { char: "@", pluginKey: new PluginKey("mentionPeople"), items: ({ query }) => sources.people(query), render: render("@") },
    { char: "#", pluginKey: new PluginKey("mentionTasks"), debounce: 150, items: ({ query, signal }) => sources.tasks(query, signal), render: render("#") },
  ];
}

/** The open picker, drawn under the caret. */
export function SuggestionList({ store }: { store: SuggestionStore }) {
  const { t } = useTranslation("docs-editor");
  const state = useSyncExternalStore(store.subscribe, store.get, () => null);
  const listId = useId();
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  if (!state || !mounted || !state.rect) return null;
  const top = state.rect.bottom + window.scrollY + 6;
  const left = Math.min(state.rect.left + window.scrollX, window.scrollX + window.innerWidth - 300);
  const empty = state.trigger === "#" && state.query.trim() === "" ? t("pick.taskHint") : state.loading ? t("pick.loading") : t("pick.none");
  return createPortal(
    <div
      className="card fixed-width z-50 w-72 overflow-hidden p-1"
      style={{ position: "absolute", top, left }}
      data-testid={state.trigger === "@" ? "mention-people" : "mention-tasks"}
    >
      {state.items.length === 0 ? (
        <p className="muted px-3 py-2 text-sm">{empty}</p>
      ) : (
        <ul id={listId} role="listbox" aria-label={state.trigger === "@" ? t("pick.people") : t("pick.tasks")}>
          {state.items.map((item, i) => (
            <li
              key={item.id}
              role="option"
              aria-selected={i === state.index}
              className={`flex cursor-pointer items-center gap-2 rounded-lg px-2.5 py-1.5 text-sm ${i === state.index ? "bg-[var(--surface-2)]" : ""}`}
              onMouseDown={(e) => {
                e.preventDefault();
                state.pick(item);
              }}
              data-testid="mention-option"
            >
              {item.kind === "person" ? (
                <>
                  <span aria-hidden="true" className="inline-block h-5 w-5 shrink-0 rounded-full text-center text-[11px] leading-5 font-bold" style={{ background: item.color, color: inkOn(item.color) }}>
                    {item.label.slice(0, 1).toUpperCase()}
                  </span>
                  <span className="truncate">{item.label}</span>
                </>
              ) : (
                <>
                  <span className="muted shrink-0 tabular-nums">#{item.number}</span>
                  <span className="truncate">{item.title}</span>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>,
    document.body,
  );
}
