/** Asks before a document goes, saying how many documents inside it go with it. */
import { useTranslation } from "react-i18next";
import { Dialog, DialogActions } from "../../../components/ui/dialog";

export function DeleteDialog({ title, inside, onCancel, onConfirm }: { title: string; inside: number; onCancel: () => void; onConfirm: () => void }) {
  const { t } = useTranslation("docs");
  return (
    <Dialog title={t("confirm.title", { title })} onClose={onCancel} testId="doc-delete-dialog">
      <p className={inside > 0 ? "font-medium text-[var(--danger)]" : "muted"} data-testid="doc-delete-count" data-count={inside}>
        {inside > 0 ? t("confirm.children", { count: inside }) : t("confirm.alone")}
      </p>
      <p className="muted text-sm">{t("confirm.final")}</p>
      <DialogActions
        cancel={t("confirm.cancel")}
        onCancel={onCancel}
        cancelFirstFocus
        confirm={inside > 0 ? t("confirm.deleteWith", { count: inside }) : t("confirm.delete")}
        onConfirm={onConfirm}
        danger
        testId="doc-delete-confirm"
      />
    </Dialog>
  );
}
