/** An on/off switch: a button with `role="switch"`, named by `label` for assistive technology. */
export function Switch({ checked, onChange, label, disabled, testId }: { checked: boolean; onChange: (on: boolean) => void; label: string; disabled?: boolean; testId?: string }) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      disabled={disabled}
      onClick={() => onChange(!checked)}
      className={`relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border transition-colors focus-visible:shadow-[0_0_0_3px_var(--ring)] focus-visible:outline-none disabled:cursor-default disabled:opacity-60 ${
        checked ? "border-[var(--primary)] bg-[var(--primary)]" : "border-[var(--border)] bg-[var(--surface-2)]"
      }`}
      data-testid={testId}
    >
      <span
        aria-hidden="true"
        className={`inline-block h-4.5 w-4.5 rounded-full shadow transition-transform ${checked ? "translate-x-5.5 bg-[var(--primary-text)]" : "translate-x-0.5 bg-[var(--muted)]"}`}
      />
    </button>
  );
}
