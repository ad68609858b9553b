/**
 * Version history of a text document: named versions saved on demand and periodic ones the
 * room takes while people edit (kept in the document's own object, see docs/decisions.md).
 * Choosing one shows it read-only in place of the document; restoring makes it the current
 * content as a new change, and the content just before is kept as a version.
 */
import type { JSONContent } from "@tiptap/core";
import { yXmlFragmentToProsemirrorJSON } from "@tiptap/y-tiptap";
import { type FormEvent, useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import * as Y from "yjs";
import { Y_TEXT_FIELD } from "../../../../domain/docs/layout";
import type { VersionView } from "../../../../workers/services/doc-content";
import { API_BASE, httpError } from "../../../lib/api";
import { useApi, useErrors } from "../../shell/errors";
import { formatDateTime } from "../../../../domain/time/format";

export interface PreviewedVersion {
  version: VersionView;
  content: JSONContent;
}

export function versionLabel(v: VersionView, lng: string): string {
  return formatDateTime(v.created_at, lng);
}

/** Loads a version's content (one Yjs update) as the editor's JSON. */
async function loadVersion(path: string): Promise<{ content: JSONContent } | { error: { status: number; statusText: string; data?: unknown } }> {
  let res: Response;
  try {
    res = await fetch(`${API_BASE}${path}`, { credentials: "same-origin" });
  } catch (err) {
    return { error: { status: 0, statusText: String(err) } };
  }
  if (!res.ok) return { error: await httpError(res) };
  const doc = new Y.Doc();
  try {
    Y.applyUpdate(doc, new Uint8Array(await res.arrayBuffer()));
  } catch {
    return { error: { status: 500, statusText: "invalid version" } };
  }
  return { content: yXmlFragmentToProsemirrorJSON(doc.getXmlFragment(Y_TEXT_FIELD)) as JSONContent };
}

export function HistoryPanel({
  projectGuid,
  docGuid,
  canWrite,
  previewing,
  onPreview,
  onClose,
  refreshKey,
}: {
  projectGuid: string;
  docGuid: string;
  canWrite: boolean;
  previewing: string | null;
  onPreview: (preview: PreviewedVersion | null) => void;
  onClose: () => void;
  /** Changes when the list must be read again (a restore here or by someone else). */
  refreshKey: number;
}) {
  const { t, i18n } = useTranslation("docs-editor");
  const api = useApi();
  const { report } = useErrors();
  const base = `/v1/project/${projectGuid}/docs/${docGuid}/versions`;
  const [versions, setVersions] = useState<VersionView[] | null>(null);
  const [name, setName] = useState("");
  const [nameError, setNameError] = useState("");
  const [saving, setSaving] = useState(false);

  const reload = useCallback(async () => {
    const result = await api<{ results: VersionView[] }>("GET", base);
    if (result.data) setVersions(result.data.results);
  }, [api, base]);
  useEffect(() => {
    void reload();
  }, [reload, refreshKey]);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (saving) return;
    setSaving(true);
    const result = await api<VersionView>("POST", base, { name }, { quiet: true });
    setSaving(false);
    if (result.error) {
      const data = result.error.data as { detail?: string } | undefined;
      setNameError(data?.detail ?? t("history.saveFailed"));
      return;
    }
    setName("");
    setNameError("");
    await reload();
  };

  const open = async (v: VersionView) => {
    const loaded = await loadVersion(`${base}/${v.guid}`);
    if ("error" in loaded) return report(loaded.error as never);
    onPreview({ version: v, content: loaded.content });
  };

  return (
    <aside className="flex w-80 shrink-0 flex-col rounded-br-[0.875rem] border-l border-[var(--border)] bg-[var(--surface)]" aria-label={t("history.title")} data-testid="doc-history">
      <div className="flex items-center justify-between border-b border-[var(--border)] px-4 py-3">
        <h2 className="font-semibold">{t("history.title")}</h2>
        <button type="button" className="btn btn-ghost px-2 py-1 text-sm" onClick={onClose}>
          {t("history.close")}
        </button>
      </div>
      {canWrite && (
        <form className="border-b border-[var(--border)] p-4" onSubmit={save}>
          <label className="label" htmlFor="doc-version-name">
            {t("history.name")}
          </label>
          <div className="flex gap-2">
            <input
              id="doc-version-name"
              className="input py-1.5 text-sm"
              value={name}
              maxLength={120}
              aria-invalid={nameError ? true : undefined}
              aria-describedby={nameError ? "doc-version-error" : undefined}
              placeholder={t("history.namePlaceholder")}
              onChange={(e) => setName(e.target.value)}
              data-testid="version-name"
            />
            <button type="submit" className="btn btn-primary shrink-0 py-1.5 text-sm" disabled={saving} data-testid="version-save">
              {t("history.save")}
            </button>
          </div>
          {nameError && (
            <p id="doc-version-error" className="field-error">
              {nameError}
            </p>
          )}
        </form>
      )}
      <div className="flex-1 overflow-y-auto">
        {versions === null ? (
          <p className="muted p-4 text-sm">{t("history.loading")}</p>
        ) : versions.length === 0 ? (
          <p className="muted p-4 text-sm">{t("history.empty")}</p>
        ) : (
          <ul className="p-2">
            {versions.map((v) => (
              <li key={v.guid}>
                <button
                  type="button"
                  className={`w-full rounded-lg px-3 py-2 text-left hover:bg-[var(--surface-2)] ${previewing === v.guid ? "bg-[var(--surface-2)] ring-1 ring-[var(--primary)]" : ""}`}
                  aria-current={previewing === v.guid ? "true" : undefined}
                  onClick={() => void open(v)}
                  data-testid="version-item"
                >
                  <span className="block truncate text-sm font-medium">{v.name || t("history.auto")}</span>
                  <span className="muted block text-xs">
                    {versionLabel(v, i18n.language)}
                    {v.created_by ? ` · ${v.created_by.name}` : ""}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </aside>
  );
}
