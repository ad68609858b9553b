/**
 * What the BPMN, drawing and table editors share around their canvas: whether the page has
 * mounted in a browser (the editors' libraries never run on the server), the connection status
 * line, and a notice banner.
 */
import { type ReactNode, useRef, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { useViewer } from "../../shell/viewer";
import { useDocProvider } from "../use-doc-provider";

export type DocStatus = "connecting" | "synced" | "offline" | "denied";

const noop = () => () => {};

/** True once rendering in a browser; false on the server and during hydration. */
export function useMounted(): boolean {
  return useSyncExternalStore(
    noop,
    () => true,
    () => false,
  );
}

/**
 * True once the document's socket has left its first "connecting" state (synced, offline or
 * denied), and from then on. An editor mounts only then: it starts from the stored content
 * (Excalidraw scrolls to it, bpmn-js fits it) and with the access the server granted, instead
 * of flashing an empty or read-only editor first.
 */
export function useSettled(status: DocStatus): boolean {
  const settled = useRef(false);
  if (status !== "connecting") settled.current = true;
  return settled.current;
}

/**
 * The session every kind's editor module opens: the document's Y.Doc under the viewer's name,
 * and `gate` — what to show instead of the editor while the socket has not answered yet, or
 * when it refused — null once the editor may mount.
 */
export function useKindDocument(docGuid: string, shareId: string | undefined, readOnly: boolean) {
  const viewer = useViewer();
  const mounted = useMounted();
  const provider = useDocProvider(docGuid, { shareId, user: viewer ? { name: viewer.name, color: viewer.color } : undefined });
  const settled = useSettled(provider.status);
  // Waiting for the server's word avoids building a read-only editor and then a writable one.
  const gate = provider.status === "denied" ? <Denied /> : !mounted || !settled ? <EditorLoading /> : null;
  return {
    gate,
    ydoc: provider.ydoc,
    status: provider.status,
    readOnly: readOnly || provider.readOnly,
    awareness: (provider.provider?.awareness ?? null) as AwarenessLike | null,
    shared: shareId !== undefined,
  };
}

/** The connection and saving state above an editor. */
export function StatusLine({ status, readOnly, saving, children, badge = true }: {
  status: DocStatus;
  readOnly: boolean;
  saving?: "saved" | "saving" | "unsaved";
  children?: ReactNode;
  /** Whether to say "read only" (the shared page already says it in its header). */
  badge?: boolean;
}) {
  const { t } = useTranslation("docs-kinds");
  const connection = status === "synced" ? null : t(`status.${status}`);
  const showSaving = !readOnly && saving !== undefined && status !== "denied";
  if (!(readOnly && badge) && !connection && !showSaving && !children) return null;
  return (
    <div className="flex min-h-9 flex-wrap items-center gap-x-3 gap-y-1 text-sm" data-testid="doc-kind-status" data-status={status}>
      {readOnly && badge && (
        <span className="rounded-full border px-2 py-0.5 text-xs font-semibold" style={{ borderColor: "var(--border)", background: "var(--surface-2)" }} data-testid="doc-read-only">
          {t("status.readOnly")}
        </span>
      )}
      {connection && (
        <span className="muted flex items-center gap-1.5" role="status">
          <span aria-hidden="true" className="inline-block h-2 w-2 rounded-full" style={{ background: status === "offline" || status === "denied" ? "var(--danger)" : "var(--muted)" }} />
          {connection}
        </span>
      )}
      {showSaving && (
        <span className="muted" role="status" data-testid="doc-save-state" data-state={saving}>
          {t(`status.${saving}`)}
        </span>
      )}
      <span className="ml-auto flex items-center gap-2">{children}</span>
    </div>
  );
}

/** A banner inside an editor: a problem to act on (with buttons) or a passing note. */
export function Notice({ tone, children, actions, testId }: { tone: "warning" | "info"; children: ReactNode; actions?: ReactNode; testId?: string }) {
  return (
    <div
      role={tone === "warning" ? "alert" : "status"}
      data-testid={testId}
      className="flex flex-wrap items-center gap-3 rounded-lg border px-3 py-2 text-sm"
      style={{
        borderColor: tone === "warning" ? "var(--danger)" : "var(--border)",
        background: "var(--surface-2)",
      }}
    >
      <span className="min-w-0 flex-1">{children}</span>
      {actions && <span className="flex flex-wrap gap-2">{actions}</span>}
    </div>
  );
}

/** The editor's place when the socket was refused. */
export function Denied() {
  const { t } = useTranslation("docs-kinds");
  return (
    <div className="card p-6 text-sm" role="alert" data-testid="doc-denied">
      {t("status.deniedLong")}
    </div>
  );
}

const TOOL_ICONS = {
  plus: <path d="M12 5v14M5 12h14" />,
  minus: <path d="M5 12h14" />,
  fit: <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />,
  download: <path d="M12 4v11M7 10l5 5 5-5M5 20h14" />,
};

/** A small icon button of an editor's toolbar; the label is its accessible name and tooltip. */
export function ToolButton({ label, onClick, icon, disabled, testId }: { label: string; onClick: () => void; icon: keyof typeof TOOL_ICONS; disabled?: boolean; testId?: string }) {
  return (
    <button type="button" className="btn btn-ghost" style={{ padding: "0.35rem" }} onClick={onClick} aria-label={label} title={label} disabled={disabled} data-testid={testId}>
      <svg aria-hidden="true" width={18} height={18} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round">
        {TOOL_ICONS[icon]}
      </svg>
    </button>
  );
}

/** A placeholder of the editor's height while it loads, so the page does not jump. */
export function EditorLoading() {
  const { t } = useTranslation("docs-kinds");
  return (
    <div className="card flex items-center justify-center" style={{ height: "max(420px, calc(100vh - 16rem))" }}>
      <div className="spinner" role="status" aria-label={t("loading")} />
    </div>
  );
}

/** The part of y-protocols' Awareness the editors use (the provider's `awareness`). */
export interface AwarenessLike {
  clientID: number;
  getStates(): Map<number, Record<string, unknown>>;
  setLocalStateField(field: string, value: unknown): void;
  on(event: "change", cb: () => void): void;
  off(event: "change", cb: () => void): void;
}
