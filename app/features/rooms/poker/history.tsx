/**
 * The read-only history of a room (`GET /rooms/{id}/archiv`): each issue with every flipped
 * round (who played what, average, median, agreement) and the accepted estimate.
 */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatLongDate } from "../../../../domain/time/format";
import { useApi } from "../../shell/errors";

export interface ArchiveRound {
  votes: Record<string, string>;
  average: number | null;
  median: number | null;
  agreement: number | null;
  flippedAt: number;
}
export interface ArchiveIssue {
  issue: string;
  title: string;
  rounds: ArchiveRound[];
  accepted: string | null;
}

export function PokerHistory({ roomGuid, names }: { roomGuid: string; names: ReadonlyMap<string, string> }) {
  const { t, i18n } = useTranslation("rooms");
  const api = useApi();
  const [issues, setIssues] = useState<ArchiveIssue[] | null>(null);
  useEffect(() => {
    let live = true;
    void api<{ results: ArchiveIssue[] }>("GET", `/v1/rooms/${roomGuid}/archiv`).then((r) => {
      if (live && !r.error) setIssues(r.data.results);
    });
    return () => {
      live = false;
    };
  }, [api, roomGuid]);
  const number = (n: number | null) => (n === null ? "—" : new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 }).format(n));
  const percent = (n: number | null) => (n === null ? "—" : new Intl.NumberFormat(i18n.language, { style: "percent", maximumFractionDigits: 0 }).format(n));
  return (
    <section className="card p-4" aria-labelledby="history-title" data-testid="history">
      <h2 id="history-title" className="text-sm font-semibold">
        {t("poker.history.title")}
      </h2>
      {issues === null ? (
        <p className="muted mt-3 text-sm" role="status">
          {t("loading")}
        </p>
      ) : issues.length === 0 ? (
        <p className="muted mt-3 text-sm">{t("poker.history.empty")}</p>
      ) : (
        <ol className="mt-3 flex flex-col gap-4">
          {issues.map((issue) => (
            <li key={issue.issue} className="rounded-lg border border-[var(--border)] p-3" data-testid="history-issue" data-issue={issue.issue} data-accepted={issue.accepted ?? ""}>
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h3 className="font-semibold break-words">{issue.title}</h3>
                {issue.accepted ? (
                  <span className="rounded-md bg-[color-mix(in_srgb,var(--success)_14%,transparent)] px-2 py-0.5 text-sm font-bold text-[var(--success)]">{t("poker.history.accepted", { card: issue.accepted })}</span>
                ) : (
                  <span className="muted text-sm">{t("poker.history.notAccepted")}</span>
                )}
              </div>
              {issue.rounds.length === 0 ? (
                <p className="muted mt-1 text-sm">{t("poker.history.noRounds")}</p>
              ) : (
                <table className="mt-2 w-full text-sm">
                  <thead className="muted text-left text-xs">
                    <tr>
                      <th className="py-1 pr-2 font-medium">{t("poker.history.round")}</th>
                      <th className="py-1 pr-2 font-medium">{t("poker.history.votes")}</th>
                      <th className="py-1 pr-2 text-right font-medium">{t("poker.results.average")}</th>
                      <th className="py-1 pr-2 text-right font-medium">{t("poker.results.median")}</th>
                      <th className="py-1 text-right font-medium">{t("poker.results.agreement")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {issue.rounds.map((round, i) => (
                      <tr key={round.flippedAt + i} className="border-t border-[var(--border)] align-top" data-testid="history-round">
                        <td className="py-1.5 pr-2 whitespace-nowrap" title={formatLongDate(round.flippedAt, i18n.language)}>
                          {i + 1}
                        </td>
                        <td className="py-1.5 pr-2">
                          {Object.entries(round.votes).length === 0
                            ? "—"
                            : Object.entries(round.votes)
                                .map(([who, card]) => `${names.get(who) ?? t("poker.history.someone")}: ${card}`)
                                .join(", ")}
                        </td>
                        <td className="py-1.5 pr-2 text-right tabular-nums">{number(round.average)}</td>
                        <td className="py-1.5 pr-2 text-right tabular-nums">{number(round.median)}</td>
                        <td className="py-1.5 text-right tabular-nums">{percent(round.agreement)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
