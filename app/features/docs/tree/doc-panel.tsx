/**
 * The open document beside the tree: its title (renamed in place), the share switch with the
 * read-only link, its custom fields (edited by type, as on tasks) and the kind's editor.
 * Read-only participants see the same without any editing control.
 */
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { SHARED_SEGMENT } from "../../../../domain/docs/layout";
import type { DocView } from "../../../../workers/services/documents";
import type { FieldView } from "../../../../workers/services/field-definitions";
import type { ParticipantView } from "../../../../workers/services/projects";
import { Icon } from "../../../components/ui/icons";
import { Switch } from "../../../components/ui/switch";
import type { TaskRefView } from "../../../components/fields/context";
import { type EditorContext, FieldEditor } from "../../../components/fields/field-editor";
import { InlineText } from "../../../components/fields/text-editors";
import { useApi } from "../../shell/errors";
import { useTaskSearch } from "../../task/use-task-search";
import { DocEditorSlot } from "../editor-slot";
import { KIND_ICON, KIND_TONE } from "./kinds";

function ShareBox({ doc, origin, canWrite, onShare }: { doc: DocView; origin: string; canWrite: boolean; onShare: (shared: boolean) => Promise<void> }) {
  const { t } = useTranslation("docs");
  const [busy, setBusy] = useState(false);
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);
  const url = doc.share_id ? `${origin}/shared/${SHARED_SEGMENT[doc.kind]}/${doc.share_id}` : "";
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      // No clipboard permission: the field is selected, so the user can copy it by hand.
      document.querySelector<HTMLInputElement>("[data-testid=doc-share-url]")?.select();
    }
  };
  return (
    <section className="flex flex-col gap-2" data-testid="doc-share" data-shared={doc.shared}>
      <div className="flex items-center gap-3">
        <span className="muted">
          <Icon name="link" size={18} />
        </span>
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold">{t("share.label")}</p>
          <p className="muted text-xs">{doc.shared ? t("share.on") : t("share.off")}</p>
        </div>
        {canWrite && (
          <Switch
            checked={doc.shared}
            label={t("share.label")}
            disabled={busy}
            onChange={async (on) => {
              setBusy(true);
              await onShare(on);
              setBusy(false);
            }}
            testId="doc-share-toggle"
          />
        )}
      </div>
      {doc.shared && url && (
        <div className="flex gap-2">
          <input className="input min-w-0 flex-1 py-1.5 font-mono text-xs" readOnly value={url} aria-label={t("share.link")} onFocus={(e) => e.currentTarget.select()} data-testid="doc-share-url" />
          <button type="button" className="btn shrink-0 py-1.5 text-sm" onClick={() => void copy()} data-testid="doc-share-copy">
            <Icon name={copied ? "check" : "copy"} size={16} />
            <span aria-live="polite">{copied ? t("share.copied") : t("share.copy")}</span>
          </button>
        </div>
      )}
    </section>
  );
}

export function DocPanel({
  doc,
  projectGuid,
  fields,
  participants,
  origin,
  canWrite,
  onRename,
  onShare,
  onValue,
}: {
  doc: DocView;
  projectGuid: string;
  fields: FieldView[];
  participants: ParticipantView[];
  origin: string;
  canWrite: boolean;
  onRename: (title: string) => void;
  onShare: (shared: boolean) => Promise<void>;
  /** Saves one field value; resolves to an error message, or undefined when saved. */
  onValue: (field: FieldView, value: unknown) => Promise<string | undefined>;
}) {
  const { t } = useTranslation("docs");
  const api = useApi();
  const search = useTaskSearch(projectGuid);
  const people = useMemo(() => new Map(participants.map((p) => [p.guid, p])), [participants]);
  // Tasks picked here are known until the panel reads the document again.
  const [picked] = useState(() => new Map<string, TaskRefView>());
  const ctx: EditorContext = {
    projectGuid,
    participants,
    people,
    sprints: [],
    task: (guid) => picked.get(guid),
    remember: (task) => void picked.set(task.guid, task),
    search,
    createLabel: async (name) => {
      const created = await api<{ guid: string }>("POST", `/v1/project/${projectGuid}/labels`, { value: name });
      return created.error ? null : created.data.guid;
    },
    taskChoices: () => [],
    statusOf: () => undefined,
    readOnly: !canWrite,
  };
  const valueOf = (field: FieldView) => doc.custom_fields.find((v) => v.guid === field.guid && !v.participant_value)?.value;
  return (
    <article className="flex min-w-0 flex-col gap-4" data-testid="doc-panel" data-guid={doc.guid} data-kind={doc.kind}>
      <header className="card flex flex-col gap-4 p-4">
        <div className="flex items-start gap-3">
          <span className={`mt-1.5 shrink-0 ${KIND_TONE[doc.kind]}`} title={t(`kinds.${doc.kind}`)}>
            <Icon name={KIND_ICON[doc.kind]} size={24} />
          </span>
          <div className="min-w-0 flex-1">
            <h2 className="text-2xl leading-tight font-bold break-words">
              <InlineText
                value={doc.title}
                label={t("titleLabel")}
                readOnly={!canWrite}
                onSave={(next) => onRename(next)}
                display={doc.title || <span className="muted italic">{t("untitled")}</span>}
                className="text-2xl font-bold"
                inputClassName="py-1 text-2xl font-bold"
                testId="doc-title"
              />
            </h2>
            <p className="muted px-2 text-xs">{t(`kinds.${doc.kind}`)}</p>
          </div>
        </div>
        {fields.length > 0 && (
          <details className="group rounded-lg border border-[var(--border)]" open data-testid="doc-fields">
            <summary className="flex cursor-pointer list-none items-center gap-2 px-3 py-2 text-sm font-semibold select-none">
              <Icon name="chevronRight" size={14} className="transition-transform group-open:rotate-90" />
              {t("fields")}
            </summary>
            <dl className="grid gap-x-6 gap-y-1 px-3 pb-3 sm:grid-cols-2">
              {fields.map((field) => (
                <div key={field.guid} className="grid grid-cols-[7rem_minmax(0,1fr)] items-start gap-2" data-testid="doc-field" data-field={field.slug ?? field.guid}>
                  <dt className="muted truncate pt-1.5 text-sm" title={field.title}>
                    {field.title}
                  </dt>
                  <dd className="min-w-0">
                    <FieldEditor field={field} value={valueOf(field)} onSave={(value) => onValue(field, value)} ctx={ctx} />
                  </dd>
                </div>
              ))}
            </dl>
          </details>
        )}
        <ShareBox doc={doc} origin={origin} canWrite={canWrite} onShare={onShare} />
      </header>
      <DocEditorSlot doc={{ guid: doc.guid, kind: doc.kind, title: doc.title, project: doc.project }} readOnly={!canWrite} />
    </article>
  );
}
