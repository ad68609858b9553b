/**
 * Files on a task (`/entity-file`): pictures as thumbnails, other files by name; each opens
 * or downloads, and writers delete them. Uploads (the button or files dropped on the section)
 * show their progress; a file over the size limit is refused before it is sent, and the
 * server's refusal (a type it does not take) is shown in words next to the file.
 */
import { type DragEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { FILE_MAX_BYTES, INLINE_TYPES } from "../../../domain/files";
import { formatBytes } from "../../../domain/task/file-size";
import { formatRelativeTime } from "../../../domain/time/format";
import { useConfirm } from "../../components/ui/dialog";
import { serverErrors } from "../../components/ui/form-errors";
import { Icon } from "../../components/ui/icons";
import { API_BASE } from "../../lib/api";
import { useApi } from "../shell/errors";
import type { FileView } from "./types";
import { SectionHeading } from "./section-heading";

type Upload = { id: number; name: string; size: number; progress: number; error?: string; xhr?: XMLHttpRequest };

let uploads = 0;

/** Posts one file as multipart with upload progress (fetch cannot report it); resolves to an error text or nothing. */
function send(url: string, form: FormData, onProgress: (ratio: number) => void, track: (xhr: XMLHttpRequest) => void, fallback: string): Promise<string | undefined> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    track(xhr);
    xhr.open("POST", url);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve(undefined);
      let data: unknown;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        data = undefined;
      }
      const detail = (data as { detail?: unknown } | undefined)?.detail;
      resolve(typeof detail === "string" ? detail : fallback);
    };
    xhr.onerror = () => resolve(fallback);
    xhr.onabort = () => resolve("");
    xhr.send(form);
  });
}

export function Attachments({ projectGuid, taskGuid, files, canWrite, viewer, isRoot, now, onChanged }: { projectGuid: string; taskGuid: string; files: FileView[]; canWrite: boolean; viewer: string; isRoot: boolean; now: number; onChanged: () => void }) {
  const { t, i18n } = useTranslation("task");
  const [confirmDialog, ask] = useConfirm();
  const api = useApi();
  const input = useRef<HTMLInputElement>(null);
  const [pending, setPending] = useState<Upload[]>([]);
  const [over, setOver] = useState(false);
  const [error, setError] = useState("");
  const update = (id: number, change: Partial<Upload>) => setPending((list) => list.map((u) => (u.id === id ? { ...u, ...change } : u)));

  const upload = async (list: FileList | File[]) => {
    for (const file of [...list]) {
      const id = ++uploads;
      if (file.size > FILE_MAX_BYTES) {
        setPending((p) => [...p, { id, name: file.name, size: file.size, progress: 0, error: t("files.tooLarge", { max: formatBytes(FILE_MAX_BYTES, i18n.language) }) }]);
        continue;
      }
      setPending((p) => [...p, { id, name: file.name, size: file.size, progress: 0 }]);
      const form = new FormData();
      form.set("entity_kind", "issue");
      form.set("entity_guid", taskGuid);
      form.set("file", file);
      const failure = await send(`${API_BASE}/v1/project/${projectGuid}/entity-file`, form, (progress) => update(id, { progress }), (xhr) => update(id, { xhr }), t("errors:network"));
      if (failure === undefined) {
        setPending((p) => p.filter((u) => u.id !== id));
        onChanged();
      } else if (failure === "") setPending((p) => p.filter((u) => u.id !== id));
      else update(id, { error: failure, xhr: undefined });
    }
  };
  const remove = async (file: FileView) => {
    if (!(await ask({ question: t("files.confirmDelete", { name: file.name }), confirm: t("common:confirm.delete"), cancel: t("common:confirm.cancel") }))) return;
    const result = await api("DELETE", `/v1/project/${projectGuid}/entity-file/${file.guid}`, undefined, { quiet: true });
    if (result.error) return setError(serverErrors(result.error, t).detail);
    setError("");
    onChanged();
  };
  const drop = {
    onDragOver: (e: DragEvent) => {
      if (!canWrite || !e.dataTransfer.types.includes("Files")) return;
      e.preventDefault();
      setOver(true);
    },
    onDragLeave: () => setOver(false),
    onDrop: (e: DragEvent) => {
      if (!canWrite) return;
      e.preventDefault();
      setOver(false);
      if (e.dataTransfer.files.length) void upload(e.dataTransfer.files);
    },
  };

  return (
    <section className={`flex flex-col gap-2 rounded-lg ${over ? "ring-2 ring-[var(--primary)] ring-offset-4 ring-offset-[var(--surface)]" : ""}`} {...drop} data-testid="attachments">
      {confirmDialog}
      <SectionHeading icon="paperclip" title={t("files.title")}>
        {files.length > 0 && <span className="muted text-xs">{files.length}</span>}
        {canWrite && (
          <>
            <button type="button" className="btn btn-ghost ml-auto px-2 py-1 text-sm" onClick={() => input.current?.click()} data-testid="file-add">
              <Icon name="plus" size={16} />
              {t("files.add")}
            </button>
            <input
              ref={input}
              type="file"
              multiple
              className="hidden"
              aria-label={t("files.add")}
              onChange={(e) => {
                if (e.target.files?.length) void upload(e.target.files);
                e.target.value = "";
              }}
              data-testid="file-input"
            />
          </>
        )}
      </SectionHeading>
      {files.length === 0 && pending.length === 0 && <p className="muted text-sm">{canWrite ? t("files.noneDrop") : t("files.none")}</p>}
      {(files.length > 0 || pending.length > 0) && (
        <ul className="grid grid-cols-[repeat(auto-fill,minmax(17rem,1fr))] gap-2">
          {files.map((file) => {
            const image = INLINE_TYPES.has(file.content_type);
            return (
              <li key={file.guid} className="flex items-center gap-3 rounded-lg border border-[var(--border)] p-2" data-testid="file" data-name={file.name}>
                <a href={file.url} target="_blank" rel="noreferrer" className="flex h-12 w-12 shrink-0 items-center justify-center overflow-hidden rounded-md bg-[var(--surface-2)]" aria-hidden="true" tabIndex={-1}>
                  {image ? <img src={file.url} alt="" className="h-full w-full object-cover" loading="lazy" /> : <Icon name="paperclip" size={20} className="muted" />}
                </a>
                <div className="min-w-0 flex-1">
                  <a href={file.url} target="_blank" rel="noreferrer" className="block truncate text-sm font-medium hover:underline" data-testid="file-open">
                    {file.name}
                  </a>
                  <p className="muted truncate text-xs">
                    {formatBytes(file.size, i18n.language)} · {file.created_by?.name ?? t("someone")} · {formatRelativeTime(file.created_at, now, i18n.language)}
                  </p>
                </div>
                <a href={file.url} download={file.name} className="muted rounded p-1.5 hover:bg-[var(--surface-2)] hover:text-[var(--text)]" aria-label={t("files.download", { name: file.name })} data-testid="file-download">
                  <Icon name="download" size={16} />
                </a>
                {/* Its uploader deletes a file; a project admin may delete any. */}
                {canWrite && (file.created_by?.guid === viewer || isRoot) && (
                  <button type="button" className="muted rounded p-1.5 hover:bg-[var(--surface-2)] hover:text-[var(--danger)]" aria-label={t("files.delete", { name: file.name })} onClick={() => void remove(file)} data-testid="file-delete">
                    <Icon name="trash" size={16} />
                  </button>
                )}
              </li>
            );
          })}
          {pending.map((u) => (
            <li key={u.id} className="flex items-center gap-3 rounded-lg border border-dashed border-[var(--border)] p-2" data-testid="upload" data-name={u.name}>
              <div className="flex h-12 w-12 shrink-0 items-center justify-center rounded-md bg-[var(--surface-2)]">
                <Icon name="paperclip" size={20} className="muted" />
              </div>
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium">{u.name}</p>
                {u.error ? (
                  <p className="field-error mt-0" role="alert" data-testid="upload-error">
                    {u.error}
                  </p>
                ) : (
                  <div className="mt-1.5 h-1.5 overflow-hidden rounded-full bg-[var(--surface-2)]" role="progressbar" aria-label={t("files.uploading", { name: u.name })} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(u.progress * 100)}>
                    <div className="h-full rounded-full bg-[var(--primary)] transition-[width]" style={{ width: `${Math.round(u.progress * 100)}%` }} />
                  </div>
                )}
              </div>
              <button
                type="button"
                className="muted rounded p-1.5 hover:bg-[var(--surface-2)]"
                aria-label={u.error ? t("files.dismiss") : t("files.cancel", { name: u.name })}
                onClick={() => (u.xhr ? u.xhr.abort() : setPending((p) => p.filter((x) => x.id !== u.id)))}
                data-testid="upload-dismiss"
              >
                <Icon name="x" size={14} />
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
