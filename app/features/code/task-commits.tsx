/**
 * The commits whose messages name a task (`#12` or its guid), on the task's page: newest first,
 * each linking to its commit page in the repository.
 */
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { TaskCommit } from "../../../domain/wire/git";
import { formatRelativeTime } from "../../../domain/time/format";
import { codeBase } from "./repo-header";

export function TaskCommits({ projectGuid, number, commits, now }: { projectGuid: string; number: number; commits: TaskCommit[]; now: number }) {
  const { t, i18n } = useTranslation("code");
  if (commits.length === 0) return null;
  return (
    <section className="flex flex-col gap-2" data-testid="task-commits">
      <h3 className="text-sm font-semibold">{t("taskCommits.title")}</h3>
      <p className="muted text-xs">{t("taskCommits.intro", { number })}</p>
      <ul className="card divide-y divide-[var(--border)]">
        {commits.map((c) => (
          <li key={`${c.repo.guid}:${c.hexsha}`}>
            <Link to={`${codeBase(projectGuid)}/${c.repo.guid}/commit/${c.hexsha}`} className="flex items-center gap-3 px-3 py-2 text-sm hover:bg-[var(--surface-2)]" data-testid="task-commit">
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium">{c.title}</span>
                <span className="muted text-xs">
                  {c.author} · {t("taskCommits.in", { repo: c.repo.name })} · {formatRelativeTime(c.date, now, i18n.language)}
                </span>
              </span>
              <span className="muted font-mono text-xs">{c.hexsha.slice(0, 8)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
