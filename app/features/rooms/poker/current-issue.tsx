/** The issue everyone estimates now: its title and description, the same for every person. */
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { PokerView } from "../../../../domain/rooms/poker";

const LONG = 400;

export function CurrentIssue({ view }: { view: PokerView }) {
  const { t } = useTranslation("rooms");
  const [expanded, setExpanded] = useState(false);
  const issue = view.current ? view.issues[view.current] : undefined;
  if (!issue) {
    return (
      <section className="card flex flex-col items-center gap-1 px-6 py-8 text-center" data-testid="current-issue" data-empty="true">
        <h2 className="text-lg font-semibold">{t("poker.current.none")}</h2>
        <p className="muted max-w-md text-sm">{view.facilitator ? t("poker.current.noneFacilitator") : t("poker.current.noneHint")}</p>
      </section>
    );
  }
  const position = view.queue.indexOf(issue.id);
  const long = issue.description.length > LONG;
  return (
    <section className="card p-5" aria-labelledby="current-title" data-testid="current-issue" data-issue={issue.id}>
      <p className="muted text-xs font-semibold tracking-wide uppercase">
        {position >= 0 ? t("poker.current.label", { n: position + 1, count: view.queue.length }) : t("poker.current.labelRemoved")}
      </p>
      <h2 id="current-title" className="mt-1 text-xl font-bold break-words" data-testid="current-title">
        {issue.title}
      </h2>
      {issue.description ? (
        <div className="mt-2">
          <p className={`text-sm whitespace-pre-wrap break-words ${long && !expanded ? "line-clamp-5" : ""}`} data-testid="current-description">
            {issue.description}
          </p>
          {long && (
            <button type="button" className="link mt-1 text-sm" onClick={() => setExpanded(!expanded)} aria-expanded={expanded}>
              {expanded ? t("poker.current.less") : t("poker.current.more")}
            </button>
          )}
        </div>
      ) : (
        <p className="muted mt-2 text-sm">{t("poker.current.noDescription")}</p>
      )}
    </section>
  );
}
