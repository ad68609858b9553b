import { useTranslation } from "react-i18next";
import { Link, NavLink, useNavigate } from "react-router";
import type { RepoWire } from "../../../workers/services/git";

export const codeBase = (project: string) => `/project/${project}/code`;
export const treeUrl = (project: string, repo: string, ref: string, path = "") =>
  `${codeBase(project)}/${repo}/tree/${encodeURIComponent(ref)}${path ? "/" + path.split("/").map(encodeURIComponent).join("/") : ""}`;

/** The repository's name, its clone URL, a branch and tag picker and the Code / Commits tabs. */
export function RepoHeader({
  project,
  repo,
  refName,
  heads,
  tags,
  at,
}: {
  project: string;
  repo: RepoWire;
  refName: string;
  heads: { name: string }[];
  tags: { name: string }[];
  at: "tree" | "commits";
}) {
  const { t } = useTranslation("code");
  const navigate = useNavigate();
  const base = codeBase(project);
  const tab = ({ isActive }: { isActive: boolean }) => `border-b-2 px-3 py-2 text-sm font-medium ${isActive ? "border-[var(--primary)] text-[var(--primary)]" : "border-transparent muted"}`;
  const go = (ref: string) => void navigate(at === "tree" ? treeUrl(project, repo.guid, ref) : `${base}/commits/${repo.guid}?ref=${encodeURIComponent(ref)}`);
  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-3">
        <Link to={base} className="muted text-sm hover:underline">
          {t("list.title")}
        </Link>
        <span className="muted">/</span>
        <h2 className="text-xl font-semibold" data-testid="repo-name">
          {repo.name}
        </h2>
        <label className="ml-auto flex items-center gap-2 text-sm">
          <span className="muted whitespace-nowrap">{t("repo.ref")}</span>
          <select className="input py-1" value={refName} onChange={(e) => go(e.target.value)} data-testid="ref-picker">
            {!heads.some((h) => h.name === refName) && !tags.some((h) => h.name === refName) && <option value={refName}>{refName.slice(0, 12)}</option>}
            <optgroup label={t("repo.branches")}>
              {heads.map((h) => (
                <option key={h.name} value={h.name}>
                  {h.name}
                </option>
              ))}
            </optgroup>
            {tags.length > 0 && (
              <optgroup label={t("repo.tags")}>
                {tags.map((h) => (
                  <option key={h.name} value={h.name}>
                    {h.name}
                  </option>
                ))}
              </optgroup>
            )}
          </select>
        </label>
      </div>
      <label className="flex items-center gap-2 text-sm">
        <span className="muted shrink-0">{t("repo.clone")}</span>
        <input className="input flex-1 font-mono text-xs" readOnly value={repo.clone_url} onFocus={(e) => e.currentTarget.select()} data-testid="clone-url" />
      </label>
      <nav className="flex gap-1 border-b border-[var(--border)]">
        <NavLink to={treeUrl(project, repo.guid, refName)} className={() => tab({ isActive: at === "tree" })}>
          {t("repo.code")}
        </NavLink>
        <NavLink to={`${base}/commits/${repo.guid}?ref=${encodeURIComponent(refName)}`} className={() => tab({ isActive: at === "commits" })} data-testid="commits-tab">
          {t("repo.commits")}
        </NavLink>
        <NavLink to={`${base}/settings/${repo.guid}`} className={() => tab({ isActive: false })}>
          {t("repo.settings")}
        </NavLink>
      </nav>
    </div>
  );
}

/** A commit's first line. */
export const subject = (message: string) => message.split("\n")[0] ?? "";
