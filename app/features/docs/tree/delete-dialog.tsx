/** Asks before a document goes, saying how many documents inside it go with it. */
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";

export function DeleteDialog({ title, inside, onCancel, onConfirm }: { title: string; inside: number; onCancel: () => void; onConfirm: () => void }) {
  const { t } = useTranslation("docs");
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    if (!ref.current?.open) ref.current?.showModal();
  }, []);
  const heading = t("confirm.title", { title });
  return (
    <dialog ref={ref} className="card m-auto w-full max-w-md p-0 text-[var(--text)] backdrop:bg-black/40" aria-label={heading} onClose={onCancel} data-testid="doc-delete-dialog">
      <div className="flex flex-col gap-3 p-6">
        <h2 className="text-lg font-semibold break-words">{heading}</h2>
        <p className={inside > 0 ? "font-medium text-[var(--danger)]" : "muted"} data-testid="doc-delete-count" data-count={inside}>
          {inside > 0 ? t("confirm.children", { count: inside }) : t("confirm.alone")}
        </p>
        <p className="muted text-sm">{t("confirm.final")}</p>
        <div className="mt-2 flex justify-end gap-2">
          <button type="button" className="btn" onClick={onCancel} autoFocus>
            {t("confirm.cancel")}
          </button>
          <button type="button" className="btn border-[var(--danger)] bg-[var(--danger)] text-[var(--on-danger)] hover:opacity-90" onClick={onConfirm} data-testid="doc-delete-confirm">
            {inside > 0 ? t("confirm.deleteWith", { count: inside }) : t("confirm.delete")}
          </button>
        </div>
      </div>
    </dialog>
  );
}
