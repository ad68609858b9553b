/**
 * A chart with its title and its data as a table. The table is always in the page (for screen
 * readers it is the chart); a toggle shows it instead of the picture. The picture itself is one
 * labelled image, drawn only in the browser, as charts measure their box.
 */
import { type ReactNode, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";

export function useMounted() {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}

export function ChartCard({
  title,
  testId,
  empty,
  controls,
  chart,
  table,
  height = 280,
  className = "",
}: {
  title: string;
  testId: string;
  /** Shown instead of chart and table when there is nothing to draw. */
  empty?: ReactNode;
  controls?: ReactNode;
  chart: ReactNode;
  table: ReactNode;
  height?: number;
  className?: string;
}) {
  const { t } = useTranslation("stats");
  const titleId = useId();
  const [asTable, setAsTable] = useState(false);
  const mounted = useMounted();
  return (
    <section className={`card flex flex-col ${className}`} aria-labelledby={titleId} data-testid={testId}>
      <header className="flex flex-wrap items-center gap-3 border-b border-[var(--border)] px-4 py-3">
        <h3 id={titleId} className="font-semibold" data-testid="chart-title">
          {title}
        </h3>
        <div className="ml-auto flex flex-wrap items-center gap-3">
          {!empty && controls}
          {!empty && (
            <button type="button" className="btn py-1 text-xs" aria-pressed={asTable} onClick={() => setAsTable((v) => !v)} data-testid="chart-table-toggle">
              {asTable ? t("showChart") : t("showTable")}
            </button>
          )}
        </div>
      </header>
      {empty ? (
        <div className="muted flex flex-1 items-center justify-center px-6 py-10 text-center text-sm" style={{ minHeight: height / 2 }} data-testid="chart-empty">
          {empty}
        </div>
      ) : (
        <div className="p-4">
          {!asTable && (
            <div role="img" aria-labelledby={titleId} style={{ height }} data-testid="chart-picture">
              {mounted && chart}
            </div>
          )}
          <div className={asTable ? "max-h-96 overflow-auto" : "sr-only"} data-testid="chart-table">
            {table}
          </div>
        </div>
      )}
    </section>
  );
}

/** A plain data table: a caption, column headers, and rows whose first cell heads the row. */
export function DataTable({ caption, columns, rows }: { caption: string; columns: string[]; rows: (string | number)[][] }) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-[var(--border)]">
          {columns.map((c, i) => (
            <th key={c} scope="col" className={`px-2 py-1.5 text-xs font-semibold ${i > 0 ? "text-right" : ""}`}>
              {c}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, r) => (
          <tr key={r} className="border-b border-[var(--border)] last:border-b-0">
            {row.map((cell, i) =>
              i === 0 ? (
                <th key={i} scope="row" className="px-2 py-1.5 font-normal">
                  {cell}
                </th>
              ) : (
                <td key={i} className="px-2 py-1.5 text-right tabular-nums">
                  {cell}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
