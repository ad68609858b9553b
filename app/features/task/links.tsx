/**
 * A task's links to other tasks (`/issue/{uid}/issues`), grouped by how this task relates to
 * each ("blocks", "is blocked by"…). Writers link another task found by number or words, or
 * remove a link; a refusal (a cycle, a second parent) is shown in words.
 */
import { type KeyboardEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { type FieldOption, optionLabel } from "../../../domain/fields/types";
import { FormAlert } from "../../components/ui/field";
import { serverErrors } from "../../components/ui/form-errors";
import { Icon } from "../../components/ui/icons";
import { useApi } from "../shell/errors";
import { TaskRef } from "../../components/fields/task-ref";
import { Chip } from "../../components/ui/chip";
import type { LinkKindName, LinkView, SearchHit } from "./types";
import { useTaskSearch } from "./use-task-search";
import { SectionHeading } from "./section-heading";

/** The kinds offered when linking, in the order people reach for them. */
export const LINK_CHOICES: LinkKindName[] = ["relates", "blocks", "blocked_by", "duplicates", "duplicated_by", "parent", "subtask"];

/** A search box whose hits are picked with arrows and Enter, or a click. */
export function TaskSearchBox({ projectGuid, exclude, onPick, label, autoFocus, testId }: { projectGuid: string; exclude: ReadonlySet<string>; onPick: (hit: SearchHit) => void; label: string; autoFocus?: boolean; testId: string }) {
  const { t } = useTranslation("task");
  const { query, setQuery, results, searching } = useTaskSearch(projectGuid);
  const [active, setActive] = useState(0);
  const listId = useId();
  const hits = results.filter((r) => !exclude.has(r.guid));
  const choose = (hit: SearchHit | undefined) => {
    if (!hit) return;
    onPick(hit);
    setQuery("");
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      if (hits.length) setActive((a) => (a + (e.key === "ArrowDown" ? 1 : hits.length - 1)) % hits.length);
    } else if (e.key === "Enter") {
      e.preventDefault();
      choose(hits[active]);
    }
  };
  return (
    <div className="relative flex-1">
      <input
        className="input py-1.5 text-sm"
        type="search"
        role="combobox"
        aria-label={label}
        aria-expanded={hits.length > 0}
        aria-controls={listId}
        aria-activedescendant={hits[active] ? `${listId}-${active}` : undefined}
        placeholder={t("links.searchPlaceholder")}
        value={query}
        autoFocus={autoFocus}
        onChange={(e) => {
          setQuery(e.target.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
        data-testid={testId}
      />
      {query.trim() && (
        <ul id={listId} role="listbox" aria-label={label} className="card absolute top-full right-0 left-0 z-30 mt-1 max-h-72 overflow-y-auto p-1" data-testid="search-results">
          {hits.length === 0 && <li className="muted px-2 py-2 text-sm">{searching ? t("activity.loading") : t("picker.nothing")}</li>}
          {hits.map((hit, index) => (
            <li
              key={hit.guid}
              id={`${listId}-${index}`}
              role="option"
              aria-selected={index === active}
              className={`cursor-pointer rounded-md px-2 py-1.5 text-sm ${index === active ? "bg-[var(--surface-2)]" : ""}`}
              onPointerEnter={() => setActive(index)}
              onPointerDown={(e) => e.preventDefault()}
              onClick={() => choose(hit)}
              data-testid="search-hit"
              data-guid={hit.guid}
            >
              <span className="flex items-center gap-2">
                <span className="muted tabular-nums">#{hit.number}</span>
                <span className="truncate font-medium">{hit.title}</span>
              </span>
              {hit.match !== "title" && hit.snippet && <Snippet hit={hit} />}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The words around a match in a description or comment, the matched ones marked. */
function Snippet({ hit }: { hit: SearchHit }) {
  const parts: { text: string; mark: boolean }[] = [];
  let at = 0;
  for (const [start, end] of hit.highlights) {
    if (start > at) parts.push({ text: hit.snippet.slice(at, start), mark: false });
    parts.push({ text: hit.snippet.slice(start, end), mark: true });
    at = end;
  }
  if (at < hit.snippet.length) parts.push({ text: hit.snippet.slice(at), mark: false });
  return (
    <span className="muted mt-0.5 block truncate text-xs">
      {parts.map((p, i) => (p.mark ? <mark key={i} className="rounded bg-[color-mix(in_srgb,var(--primary)_20%,transparent)] px-0.5 text-[var(--text)]">{p.text}</mark> : <span key={i}>{p.text}</span>))}
    </span>
  );
}

export function Links({ projectGuid, taskGuid, links, canWrite, statusOptions, onChanged }: { projectGuid: string; taskGuid: string; links: LinkView[]; canWrite: boolean; statusOptions: FieldOption[]; onChanged: () => void }) {
  const { t } = useTranslation("task");
  const api = useApi();
  const [adding, setAdding] = useState(false);
  const [kind, setKind] = useState<LinkKindName>("relates");
  const [error, setError] = useState("");
  const path = `/v1/project/${projectGuid}/issue/${taskGuid}/issues`;
  const groups = LINK_CHOICES.map((k) => ({ kind: k, links: links.filter((l) => l.kind === k) })).filter((g) => g.links.length > 0);

  const add = async (hit: SearchHit) => {
    const result = await api("POST", path, { issue: hit.guid, kind }, { quiet: true });
    if (result.error) return setError(serverErrors(result.error, t).detail);
    setError("");
    setAdding(false);
    onChanged();
  };
  const remove = async (link: LinkView) => {
    const result = await api("DELETE", `${path}/${link.guid}`, undefined, { quiet: true });
    if (result.error) return setError(serverErrors(result.error, t).detail);
    onChanged();
  };

  return (
    <section className="flex flex-col gap-2" data-testid="links">
      <SectionHeading icon="link" title={t("links.title")}>
        {canWrite && !adding && (
          <button type="button" className="btn btn-ghost ml-auto px-2 py-1 text-sm" onClick={() => setAdding(true)} data-testid="link-add">
            <Icon name="plus" size={16} />
            {t("links.add")}
          </button>
        )}
      </SectionHeading>
      {groups.length === 0 && !adding && <p className="muted text-sm">{t("links.none")}</p>}
      {groups.map((group) => (
        <div key={group.kind} data-testid="link-group" data-kind={group.kind}>
          <p className="muted mb-1 text-xs font-semibold">{t(`links.kinds.${group.kind}`)}</p>
          <ul className="flex flex-col divide-y divide-[var(--border)] rounded-lg border border-[var(--border)]">
            {group.links.map((link) => {
              const status = statusOptions.find((o) => o.guid === link.status);
              return (
                <li key={link.guid} className="flex items-center gap-2 px-3 py-1.5" data-testid="link" data-guid={link.issue}>
                  <div className="min-w-0 flex-1">
                    <TaskRef task={{ guid: link.issue, number: link.number, title: link.title, status: link.status }} projectGuid={projectGuid} />
                  </div>
                  {status && <Chip label={optionLabel(status)} color={status.color} />}
                  {canWrite && (
                    <button type="button" className="muted rounded p-1 hover:bg-[var(--surface-2)] hover:text-[var(--danger)]" aria-label={t("links.remove", { title: link.title })} onClick={() => void remove(link)} data-testid="link-remove">
                      <Icon name="x" size={14} />
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      ))}
      {adding && (
        <div
          className="flex flex-wrap items-start gap-2 rounded-lg border border-[var(--border)] p-2"
          onKeyDown={(e) => {
            if (e.key !== "Escape") return;
            e.preventDefault();
            e.stopPropagation();
            setAdding(false);
          }}
          data-testid="link-form"
        >
          <select className="input w-auto py-1.5 text-sm" value={kind} onChange={(e) => setKind(e.target.value as LinkKindName)} aria-label={t("links.kind")} data-testid="link-kind">
            {LINK_CHOICES.map((k) => (
              <option key={k} value={k}>
                {t(`links.kinds.${k}`)}
              </option>
            ))}
          </select>
          <TaskSearchBox projectGuid={projectGuid} exclude={new Set([taskGuid, ...links.filter((l) => l.kind === kind).map((l) => l.issue)])} onPick={(hit) => void add(hit)} label={t("links.search")} autoFocus testId="link-search" />
          <button type="button" className="btn py-1.5 text-sm" onClick={() => setAdding(false)}>
            {t("cancel")}
          </button>
        </div>
      )}
      {error && <FormAlert tone="error">{error}</FormAlert>}
    </section>
  );
}
