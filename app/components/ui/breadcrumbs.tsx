/**
 * Where a deep page sits: "Project › Area › Item". Every crumb but the last is a link; the last is
 * the page itself (`aria-current`). Long names truncate instead of widening a phone's screen.
 */
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

export type Crumb = { label: string; to?: string };

export function Breadcrumbs({ items, className = "" }: { items: readonly Crumb[]; className?: string }) {
  const { t } = useTranslation("common");
  return (
    <nav aria-label={t("shell.breadcrumbs")} className={`min-w-0 ${className}`} data-testid="breadcrumbs">
      <ol className="flex min-w-0 items-center gap-1.5 text-sm">
        {items.map((crumb, i) => {
          const last = i === items.length - 1;
          return (
            <li key={`${i}:${crumb.label}`} className={`flex min-w-0 items-center gap-1.5 ${last ? "flex-1" : "shrink-0"}`}>
              {i > 0 && (
                <span aria-hidden="true" className="muted">
                  ›
                </span>
              )}
              {crumb.to && !last ? (
                <Link to={crumb.to} className="muted max-w-[12rem] truncate hover:text-[var(--text)] hover:underline" data-testid="breadcrumb">
                  {crumb.label}
                </Link>
              ) : (
                <span className="truncate font-medium" aria-current="page" data-testid="breadcrumb">
                  {crumb.label}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
