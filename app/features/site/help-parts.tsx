/** The pieces the help centre's pages (and the contacts page) share. */
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

type Linked = { path: string; title: string };

/** Articles as cards: the title as a link, a line of text under it (a summary or a snippet). */
export function ArticleCards({ items, className = "" }: { items: (Linked & { text: string })[]; className?: string }) {
  return (
    <ul className={`flex flex-col gap-3 ${className}`}>
      {items.map((a) => (
        <li key={a.path} className="card p-4">
          <Link className="link text-lg font-semibold" to={a.path}>
            {a.title}
          </Link>
          <p className="muted mt-1 text-sm">{a.text}</p>
        </li>
      ))}
    </ul>
  );
}

/** Articles as a plain list of links. */
export function ArticleLinks({ items, className = "" }: { items: Linked[]; className?: string }) {
  return (
    <ul className={`flex flex-col gap-1 ${className}`}>
      {items.map((a) => (
        <li key={a.path}>
          <Link className="link" to={a.path}>
            {a.title}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** A sentence followed by a link that answers it ("Still stuck? Contact us"). */
export function LeadLink({ lead, to, children, className = "" }: { lead: ReactNode; to: string; children: ReactNode; className?: string }) {
  return (
    <p className={className}>
      {lead}{" "}
      <Link className="link" to={to}>
        {children}
      </Link>
    </p>
  );
}

/** The way back up: the help centre, then the category when on an article. */
export function HelpBreadcrumb({ category }: { category?: { slug: string; title: string } }) {
  const { t } = useTranslation("site");
  return (
    <nav className="muted flex gap-2 text-sm" aria-label="breadcrumb">
      <Link className="link" to="/help">
        {t("help.backToHelp")}
      </Link>
      {category && (
        <>
          <span aria-hidden>›</span>
          <Link className="link" to={`/help/${category.slug}`}>
            {category.title}
          </Link>
        </>
      )}
    </nav>
  );
}
