import { type FieldOption, optionLabel } from "../../../domain/fields/types";

/**
 * An option's name after its colour dot, as the matrix's headings show it. A long name is cut
 * short on one line, or with `wrap` (narrow column headings) takes up to two lines first.
 */
export function OptionLabel({ option, wrap = false }: { option: FieldOption; wrap?: boolean }) {
  const label = optionLabel(option);
  return (
    <span className={`inline-flex max-w-full items-center gap-1.5 align-middle ${wrap ? "" : "whitespace-nowrap"}`} data-color={option.color} title={label}>
      <span className="h-2.5 w-2.5 shrink-0 rounded-full" style={{ background: option.color }} aria-hidden="true" />
      <span className={wrap ? "line-clamp-2 text-left break-words" : "truncate"}>{label}</span>
    </span>
  );
}
