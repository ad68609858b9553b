/**
 * The commits whose messages name a task (`#12` or its guid), on the task's page: newest first,
 * each linking to its commit page in the repository.
 */
import { useTranslation } from "react-i18next";
import type { TaskCommit } from "../../../domain/wire/git";
import { formatRelativeTime } from "../../../domain/time/format";
import { CommitRow } from "./commit-row";
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
          <CommitRow
            key={`${c.repo.guid}:${c.hexsha}`}
            to={`${codeBase(projectGuid)}/${c.repo.guid}/commit/${c.hexsha}`}
            subject={c.title}
            meta={`${c.author} · ${t("taskCommits.in", { repo: c.repo.name })} · ${formatRelativeTime(c.date, now, i18n.language)}`}
            hexsha={c.hexsha}
            testId="task-commit"
          />
        ))}
      </ul>
    </section>
  );
}
