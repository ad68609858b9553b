/** An option as every view shows it: its colour dot and name, as one compact chip. */
import { type FieldOption, optionLabel } from "../../../domain/fields/types";

export function Chip({ label, color, testId, className = "" }: { label: string; color?: string; testId?: string; className?: string }) {
  return (
    <span className={`inline-flex max-w-full items-center gap-1.5 rounded-full border border-[var(--border)] bg-[var(--surface-2)] px-2 py-0.5 text-xs font-medium ${className}`} data-testid={testId}>
      {color && <span className="h-2 w-2 shrink-0 rounded-full" style={{ background: color }} aria-hidden="true" />}
      <span className="truncate">{label}</span>
    </span>
  );
}

export function OptionChip({ option, className, testId }: { option: FieldOption; className?: string; testId?: string }) {
  return <Chip label={optionLabel(option)} color={option.color} className={className} testId={testId} />;
}
