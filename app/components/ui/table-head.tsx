/** A table's header row from its column labels (a column with no label is an actions column). */
import type { ReactNode } from "react";

export interface Column {
  label?: ReactNode;
  className?: string;
}

export function TableHead({ columns, className = "text-left", cellClassName = "" }: { columns: readonly (Column | false)[]; className?: string; cellClassName?: string }) {
  return (
    <thead>
      <tr className={className}>
        {columns.map((column, i) => (column ? <th key={i} className={`${cellClassName} ${column.className ?? ""}`.trim() || undefined}>{column.label}</th> : null))}
      </tr>
    </thead>
  );
}
