import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "../../components/ui/icons";

/**
 * The colours offered for options. They include the system fields' defaults
 * (domain/fields/system.ts) and read on both themes, with white text on top.
 */
export const OPTION_PALETTE = [
  { name: "slate", hex: "#64748b" },
  { name: "red", hex: "#ef4444" },
  { name: "orange", hex: "#f97316" },
  { name: "amber", hex: "#f59e0b" },
  { name: "green", hex: "#10b981" },
  { name: "teal", hex: "#14b8a6" },
  { name: "sky", hex: "#0ea5e9" },
  { name: "blue", hex: "#3b82f6" },
  { name: "indigo", hex: "#4f46e5" },
  { name: "violet", hex: "#8b5cf6" },
  { name: "pink", hex: "#ec4899" },
  { name: "brown", hex: "#a16207" },
] as const;

export const DEFAULT_OPTION_COLOR = OPTION_PALETTE[0].hex;

const SUGGESTION_ORDER = [6, 4, 3, 9, 1, 10, 5, 2, 8, 7, 11, 0];

/** The palette colour to suggest for the n-th new option, so neighbours differ. */
export const suggestedColor = (n: number): string => OPTION_PALETTE[SUGGESTION_ORDER[n % SUGGESTION_ORDER.length]!]!.hex;

/** A swatch button that opens the palette; picking a colour closes it again. */
export function ColorPicker({ value, onChange, label, testId }: { value: string; onChange: (hex: string) => void; label: string; testId?: string }) {
  const { t } = useTranslation("projects");
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const outside = (e: PointerEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const escape = (e: KeyboardEvent) => {
      if (e.key === "Escape") setOpen(false);
    };
    document.addEventListener("pointerdown", outside);
    document.addEventListener("keydown", escape);
    return () => {
      document.removeEventListener("pointerdown", outside);
      document.removeEventListener("keydown", escape);
    };
  }, [open]);

  return (
    <div ref={root} className="relative shrink-0">
      <button
        type="button"
        className="flex h-9 w-9 items-center justify-center rounded-lg border border-[var(--border)] bg-[var(--surface)] hover:bg-[var(--surface-2)] focus-visible:shadow-[0_0_0_3px_var(--ring)] focus-visible:outline-none"
        aria-label={label}
        aria-haspopup="true"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        data-testid={testId}
        data-color={value}
      >
        <span className="h-4.5 w-4.5 rounded-full" style={{ background: value }} />
      </button>
      {open && (
        <div role="radiogroup" aria-label={label} className="card absolute top-full left-0 z-30 mt-2 grid w-max grid-cols-6 gap-1.5 p-2.5" data-testid="color-palette">
          {OPTION_PALETTE.map((c) => {
            const selected = c.hex.toLowerCase() === value.toLowerCase();
            return (
              <button
                key={c.hex}
                type="button"
                role="radio"
                aria-checked={selected}
                aria-label={t(`fieldSettings.colors.${c.name}`)}
                title={t(`fieldSettings.colors.${c.name}`)}
                className={`flex h-7 w-7 items-center justify-center rounded-full text-white transition hover:scale-110 ${selected ? "ring-2 ring-[var(--text)] ring-offset-2 ring-offset-[var(--surface)]" : ""}`}
                style={{ background: c.hex }}
                onClick={() => {
                  onChange(c.hex);
                  setOpen(false);
                }}
                data-testid="color-swatch"
                data-color={c.hex}
              >
                {selected && <Icon name="check" size={14} />}
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}

/** An option's colour dot and name, as the field list shows it. */
export function OptionChip({ label, color }: { label: string; color: string }) {
  return (
    <span className="inline-flex max-w-40 items-center gap-1.5 rounded-full border border-[var(--border)] bg-[var(--surface-2)] px-2 py-0.5 text-xs font-medium" data-testid="field-option-chip" data-color={color}>
      <span className="h-2 w-2 shrink-0 rounded-full" style={{ background: color }} />
      <span className="truncate">{label}</span>
    </span>
  );
}
