/**
 * Tabs as WAI-ARIA describes them: one tab stop (the selected tab; roving tabindex), arrows,
 * Home and End move and select, each tab names its panel. Only the selected panel is rendered.
 */
import { type KeyboardEvent, type ReactNode, useId } from "react";
import { rovingIndex } from "./roving";

export interface TabItem<T extends string> {
  id: T;
  label: ReactNode;
  testId?: string;
}

export function Tabs<T extends string>({ label, tabs, selected, onSelect, children }: { label: string; tabs: readonly TabItem<T>[]; selected: T; onSelect: (id: T) => void; children: ReactNode }) {
  const id = useId();
  const onKeyDown = (e: KeyboardEvent) => {
    const next = rovingIndex(e.key, tabs.findIndex((tab) => tab.id === selected), tabs.length, "horizontal");
    if (next === null) return;
    e.preventDefault();
    onSelect(tabs[next]!.id);
    document.getElementById(`${id}-${tabs[next]!.id}`)?.focus();
  };
  return (
    <>
      <div role="tablist" aria-label={label} className="flex gap-1 border-b border-[var(--border)]" onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            id={`${id}-${tab.id}`}
            type="button"
            role="tab"
            aria-selected={tab.id === selected}
            aria-controls={`${id}-${tab.id}-panel`}
            tabIndex={tab.id === selected ? 0 : -1}
            className={`-mb-px flex items-center gap-1.5 border-b-2 px-3 py-2 text-sm font-medium ${tab.id === selected ? "border-[var(--primary)] text-[var(--primary)]" : "muted border-transparent hover:text-[var(--text)]"}`}
            onClick={() => onSelect(tab.id)}
            data-testid={tab.testId}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-${selected}-panel`} aria-labelledby={`${id}-${selected}`}>
        {children}
      </div>
    </>
  );
}
