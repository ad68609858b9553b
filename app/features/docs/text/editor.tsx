/**
 * The text document editor (issue 6): TipTap 3 on the document's Y.Doc, live with everybody
 * who has it open through the document's room — carets with names and colours, a presence
 * list, `@` mentions of participants (the room notifies them) and `#` mentions of tasks,
 * images uploaded to R2, version history, Markdown import and export. Edits made offline stay
 * in the Y.Doc and merge when the socket comes back. Loaded lazily, on its route only.
 */
import Collaboration from "@tiptap/extension-collaboration";
import CollaborationCaret from "@tiptap/extension-collaboration-caret";
import { EditorContent, useEditor } from "@tiptap/react";
import { type ChangeEvent, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useRevalidator } from "react-router";
import { Y_TEXT_FIELD } from "../../../../domain/docs/layout";
import type { ParticipantView } from "../../../../workers/services/projects";
import type { SearchAnswer } from "../../../../workers/services/search";
import { API_BASE, httpError } from "../../../lib/api";
import { Menu } from "../../../components/ui/menu";
import { useApi, useErrors } from "../../shell/errors";
import { useViewer } from "../../shell/viewer";
import { type DocStatus, type YProvider, useDocProvider } from "../use-doc-provider";
import { CLOSE } from "../../../../domain/wire/close-codes";
import { parseServerMessage } from "../../../../domain/wire/live/doc";
import "./editor.css";
import { textExtensions } from "./extensions";
import { HistoryPanel, type PreviewedVersion, versionLabel } from "./history";
import { MARKDOWN_MAX_BYTES, markdownToUpdate, titleFromFileName, ydocToMarkdown } from "./markdown";
import { PresenceList } from "./presence";
import { type PickItem, pickerSuggestions, SuggestionList, SuggestionStore } from "./suggestions";
import { Toolbar } from "./toolbar";
import { VersionPreview } from "./version-preview";
import { DocAssistant } from "../../ai/doc-assistant";
import { MermaidBlocks } from "../../ai/mermaid-blocks";
import { Sparkle } from "../../ai/sparkle";
import { useDiagramDrafts } from "../../ai/use-diagram-drafts";
import { Icon } from "../../../components/ui/icons";

/** What every document editor module receives (the contract of app/features/docs/editors.ts). */
export interface DocEditorProps {
  doc: { guid: string; kind: "text" | "bpmn" | "drawing" | "table"; title: string; project: string | null };
  readOnly: boolean;
  /** Set on the shared read-only pages: the share id the socket must present. */
  shareId?: string;
}

const IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp"];

function StatusBadge({ status, readOnly, saved }: { status: DocStatus; readOnly: boolean; saved: boolean }) {
  const { t } = useTranslation("docs-editor");
  const saving = status === "synced" && !saved;
  const tone = saving ? "var(--muted)" : status === "synced" ? "var(--success)" : status === "connecting" ? "var(--muted)" : "var(--danger)";
  return (
    <span className="inline-flex items-center gap-1.5 text-xs font-medium text-[var(--muted)]" role="status" data-testid="doc-status" data-status={status} data-saved={saved}>
      <span aria-hidden="true" className="inline-block h-2 w-2 rounded-full" style={{ background: tone }} />
      {readOnly && status === "synced" ? t("status.live") : saving ? t("status.saving") : t(`status.${status}`)}
      {readOnly && status !== "denied" && <span className="rounded-full bg-[var(--surface-2)] px-2 py-0.5">{t("status.readOnly")}</span>}
    </span>
  );
}

/** The `@` and `#` sources: verified participants, and the project's task search. */
function usePickerSources(project: string | null, enabled: boolean, viewerGuid: string | undefined) {
  const api = useApi();
  const people = useRef<PickItem[]>([]);
  useEffect(() => {
    if (!project || !enabled) return;
    let live = true;
    void api<{ participants?: { results: ParticipantView[] } }>("GET", `/v1/project/${project}`, undefined, { quiet: true }).then((r) => {
      if (!live || !r.data) return;
      people.current = (r.data.participants?.results ?? [])
        .filter((p) => p.access_project.is_verifications && p.guid !== viewerGuid)
        .map((p) => ({ kind: "person", id: p.guid, label: p.name, color: p.color, email: p.email }));
    });
    return () => {
      live = false;
    };
  }, [api, project, enabled, viewerGuid]);
  return useMemo(
    () => ({
      people: (query: string) => {
        const q = query.trim().toLocaleLowerCase();
        return people.current.filter((p) => p.kind === "person" && (p.label.toLocaleLowerCase().includes(q) || p.email.toLocaleLowerCase().startsWith(q))).slice(0, 8);
      },
      tasks: async (query: string, signal: AbortSignal): Promise<PickItem[]> => {
        const q = query.trim();
        if (!project || !q) return [];
        const search = /^\d+$/.test(q) ? `#${q}` : q;
        try {
          const res = await fetch(`${API_BASE}/v1/project/${project}/issuesearch/data?query=${encodeURIComponent(search)}&limit=8`, { credentials: "same-origin", signal });
          if (!res.ok) return [];
          const answer = (await res.json()) as SearchAnswer;
          return answer.results.map((h) => ({ kind: "task", id: h.guid, number: h.number, title: h.title, label: `${h.number} ${h.title}`.slice(0, 120) }));
        } catch {
          return [];
        }
      },
    }),
    [project],
  );
}

function LiveEditor({ props, provider, ydoc, editable, onEditor }: { props: DocEditorProps; provider: YProvider; ydoc: import("yjs").Doc; editable: boolean; onEditor: (editor: import("@tiptap/core").Editor | null) => void }) {
  const { t } = useTranslation("docs-editor");
  const viewer = useViewer();
  const api = useApi();
  const { report } = useErrors();
  const project = props.doc.project;
  const store = useMemo(() => new SuggestionStore(), []);
  const sources = usePickerSources(project, editable && !props.shareId, viewer?.guid);
  const imageInput = useRef<HTMLInputElement>(null);
  const editorRef = useRef<import("@tiptap/core").Editor | null>(null);
  const diagramActions = useDiagramDrafts(project && !props.shareId && viewer ? project : null, props.doc.guid);

  const uploadImages = async (files: File[]) => {
    if (!project) return;
    for (const file of files) {
      if (!IMAGE_TYPES.includes(file.type)) continue;
      const form = new FormData();
      form.append("file", file);
      const result = await api<{ url: string; name: string }>("POST", `/v1/project/${project}/docs/${props.doc.guid}/images`, form);
      if (result.data) editorRef.current?.chain().focus().setImage({ src: result.data.url, alt: result.data.name }).run();
    }
  };

  const editor = useEditor(
    {
      immediatelyRender: false,
      editable,
      extensions: [
        ...textExtensions({
          taskHref: project && !props.shareId ? (task) => `/project/${project}/issue/${task}` : undefined,
          imageSrc: props.shareId ? (src) => src.replace(/^\/api\/v1\/project\/[0-9a-f-]{36}\/entity-file\//, `/api/v1/shared/doc-image/${props.shareId}/`) : undefined,
          suggestions: pickerSuggestions(store, sources),
          openLinksOnClick: !editable,
        }),
        MermaidBlocks.configure({ actions: diagramActions }),
        Collaboration.configure({ document: ydoc, field: Y_TEXT_FIELD }),
        CollaborationCaret.configure({ provider, user: viewer ? { name: viewer.name, color: viewer.color } : { name: "", color: "" } }),
      ],
      editorProps: {
        // TipTap gives the editor role="textbox" only when it is created, and a later options update
        // (every render) replaces the attributes: without the role here the label is prohibited.
        attributes: { class: "doc-prose", role: "textbox", "aria-multiline": "true", "aria-readonly": String(!editable), "aria-label": props.doc.title || t("untitled"), "data-testid": "doc-editor-content", spellcheck: "true" },
        handlePaste: (_view, event) => {
          const files = [...(event.clipboardData?.files ?? [])].filter((f) => IMAGE_TYPES.includes(f.type));
          if (files.length === 0) return false;
          void uploadImages(files);
          return true;
        },
        handleDrop: (_view, event) => {
          const files = [...((event as DragEvent).dataTransfer?.files ?? [])].filter((f) => IMAGE_TYPES.includes(f.type));
          if (files.length === 0) return false;
          event.preventDefault();
          void uploadImages(files);
          return true;
        },
      },
    },
    [provider, ydoc],
  );
  editorRef.current = editor;
  useEffect(() => {
    onEditor(editor);
    return () => onEditor(null);
  }, [editor, onEditor]);

  useEffect(() => {
    if (editor && editor.isEditable !== editable) editor.setEditable(editable);
  }, [editor, editable]);

  const onImage = async (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])];
    e.target.value = "";
    if (files.some((f) => !IMAGE_TYPES.includes(f.type))) report({ status: 415, statusText: "", data: { detail: t("image.type") } } as never);
    await uploadImages(files);
  };

  return (
    <>
      {editable && editor && <Toolbar editor={editor} onPickImage={() => imageInput.current?.click()} />}
      <input ref={imageInput} type="file" accept={IMAGE_TYPES.join(",")} className="hidden" onChange={(e) => void onImage(e)} aria-hidden="true" tabIndex={-1} />
      <div className="doc-page mx-auto w-full max-w-3xl px-6 py-8">
        <EditorContent editor={editor} />
      </div>
      {editable && <SuggestionList store={store} />}
    </>
  );
}

function DeniedNotice({ code }: { code: number | undefined }) {
  const { t } = useTranslation("docs-editor");
  const key = code === CLOSE.UNAUTHORIZED ? "signIn" : code === CLOSE.NOT_FOUND ? "notFound" : "forbidden";
  return (
    <div className="card mx-auto mt-10 max-w-md p-6 text-center" role="alert" data-testid="doc-denied">
      <p className="font-semibold">{t(`denied.${key}.title`)}</p>
      <p className="muted mt-1 text-sm">{t(`denied.${key}.text`)}</p>
    </div>
  );
}

export default function Editor(props: DocEditorProps) {
  const { t, i18n } = useTranslation("docs-editor");
  const viewer = useViewer();
  const api = useApi();
  const { report } = useErrors();
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const user = useMemo(() => (viewer && !props.shareId ? { name: viewer.name, color: viewer.color } : undefined), [viewer, props.shareId]);
  const { ydoc, provider, status, readOnly: serverReadOnly, saved, deniedCode } = useDocProvider(props.doc.guid, { shareId: props.shareId, user });
  const editable = !props.readOnly && !serverReadOnly && status !== "denied";
  const [historyOpen, setHistoryOpen] = useState(false);
  const [aiOpen, setAiOpen] = useState(false);
  const [liveEditor, setLiveEditor] = useState<import("@tiptap/core").Editor | null>(null);
  const [preview, setPreview] = useState<PreviewedVersion | null>(null);
  const [historyKey, setHistoryKey] = useState(0);
  const importInput = useRef<HTMLInputElement>(null);
  const project = props.doc.project;
  const participant = !!project && !props.shareId && !!viewer;

  // A restore (here or by someone else) adds a version: the open history reads the list again.
  useEffect(() => {
    if (!provider) return;
    const onMessage = (raw: string) => {
      if (parseServerMessage(raw)?.type === "restored") setHistoryKey((k) => k + 1);
    };
    provider.on("custom-message", onMessage);
    return () => provider.off("custom-message", onMessage);
  }, [provider]);

  const exportMarkdown = () => {
    const blob = new Blob([ydocToMarkdown(ydoc)], { type: "text/markdown;charset=utf-8" });
    const url = URL.createObjectURL(blob);
    const a = document.createElement("a");
    a.href = url;
    a.download = `${(props.doc.title || t("untitled")).replace(/[\\/:*?"<>|]+/g, " ").trim() || "document"}.md`;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  };

  const importMarkdown = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = "";
    if (!file || !project) return;
    if (file.size > MARKDOWN_MAX_BYTES) return report({ status: 413, statusText: "", data: { detail: t("import.tooLarge"), code: "import_too_large" } } as never);
    const update = markdownToUpdate(await file.text());
    const created = await api<{ guid: string }>("POST", `/v1/project/${project}/docs`, { kind: "text", title: titleFromFileName(file.name), parent: props.doc.guid });
    if (!created.data) return;
    const res = await fetch(`${API_BASE}/v1/project/${project}/docs/${created.data.guid}/import`, {
      method: "POST",
      credentials: "same-origin",
      headers: { "Content-Type": "application/octet-stream" },
      body: update as BodyInit,
    });
    if (!res.ok) return report((await httpError(res)) as never);
    await navigate(`/project/${project}/docs/${created.data.guid}`);
    // The tree keeps its list when only the open document changes: read it again for the new page.
    await revalidate();
  };

  const restore = async () => {
    if (!preview || !project) return;
    const result = await api("POST", `/v1/project/${project}/docs/${props.doc.guid}/versions/${preview.version.guid}/restore`);
    if (result.error) return;
    setPreview(null);
    setHistoryKey((k) => k + 1);
  };

  return (
    <div className="doc-editor card flex min-h-[60vh] flex-col" data-testid="text-editor">
      <div className="flex flex-wrap items-center gap-3 border-b border-[var(--border)] px-4 py-2">
        <StatusBadge status={status} readOnly={!editable} saved={saved} />
        <div className="ml-auto flex items-center gap-2">
          <PresenceList provider={provider} />
          {participant && editable && (
            <button type="button" className={`btn btn-ghost px-2 py-1 text-sm ${aiOpen ? "text-[var(--primary)]" : ""}`} aria-pressed={aiOpen} onClick={() => setAiOpen(!aiOpen)} data-testid="doc-ai-toggle">
              <Sparkle />
              {t("ai:open")}
            </button>
          )}
          {participant && (
            <button type="button" className={`btn btn-ghost px-2 py-1 text-sm ${historyOpen ? "text-[var(--primary)]" : ""}`} aria-pressed={historyOpen} onClick={() => setHistoryOpen(!historyOpen)} data-testid="doc-history-toggle">
              <Icon name="history" size={18} />
              {t("history.open")}
            </button>
          )}
          <Menu
            label={t("menu.label")}
            button={<Icon name="more" size={18} />}
            buttonClassName="btn btn-ghost px-2 py-1"
            testId="doc-menu"
            sections={[
              {
                items: [
                  { key: "export", label: t("menu.export"), icon: <Icon name="download" size={18} />, onSelect: exportMarkdown, testId: "doc-export-md" },
                  ...(participant && editable ? [{ key: "import", label: t("menu.import"), icon: <Icon name="upload" size={18} />, onSelect: () => importInput.current?.click(), testId: "doc-import-md" }] : []),
                ],
              },
            ]}
          />
        </div>
      </div>
      <input ref={importInput} type="file" accept=".md,.markdown,text/markdown,text/plain" className="hidden" onChange={(e) => void importMarkdown(e)} aria-hidden="true" tabIndex={-1} data-testid="doc-import-input" />
      <div className="flex min-h-0 flex-1">
        <div className="min-w-0 flex-1">
          {status === "denied" ? (
            <DeniedNotice code={deniedCode} />
          ) : preview ? (
            <>
              <div className="flex flex-wrap items-center gap-3 border-b border-[var(--border)] bg-[var(--surface-2)] px-4 py-2 text-sm" role="status" data-testid="version-banner">
                <span>{t("history.viewing", { name: preview.version.name || t("history.auto"), at: versionLabel(preview.version, i18n.language) })}</span>
                <span className="ml-auto flex gap-2">
                  {editable && (
                    <button type="button" className="btn btn-primary py-1 text-sm" onClick={() => void restore()} data-testid="version-restore">
                      {t("history.restore")}
                    </button>
                  )}
                  <button type="button" className="btn py-1 text-sm" onClick={() => setPreview(null)}>
                    {t("history.back")}
                  </button>
                </span>
              </div>
              <VersionPreview content={preview.content} />
            </>
          ) : provider ? (
            <LiveEditor props={props} provider={provider} ydoc={ydoc} editable={editable} onEditor={setLiveEditor} />
          ) : null}
        </div>
        {aiOpen && participant && editable && liveEditor && !preview && (
          <DocAssistant
            project={project!}
            docGuid={props.doc.guid}
            title={props.doc.title}
            editor={liveEditor}
            onTitle={async (title) => {
              const res = await api("PATCH", `/v1/project/${project}/docs/${props.doc.guid}`, { title });
              if (!res.error) await revalidate();
            }}
            onClose={() => setAiOpen(false)}
          />
        )}
        {historyOpen && participant && (
          <HistoryPanel projectGuid={project!} docGuid={props.doc.guid} canWrite={editable} previewing={preview?.version.guid ?? null} onPreview={setPreview} refreshKey={historyKey} onClose={() => {
            setHistoryOpen(false);
            setPreview(null);
          }} />
        )}
      </div>
    </div>
  );
}
