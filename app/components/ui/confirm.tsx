/**
 * A question before an action that cannot be undone, asked in the kit's dialog instead of the
 * browser's `window.confirm`, whose buttons speak the browser's language rather than the
 * reader's and which no theme reaches (issue 15). Where the action can be undone, do it at once
 * and offer Undo instead (`app/features/shell/undo-toast.tsx`).
 *
 *   const [confirmDialog, ask] = useConfirm();
 *   if (!(await ask({ question, confirm: t("delete"), cancel: t("cancel") }))) return;
 *   …and render `confirmDialog` in the component.
 *
 * Escape, the Cancel button and unmounting all answer no; the focus starts on Cancel.
 */
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { Dialog, DialogActions } from "./dialog";

export interface ConfirmQuestion {
  /** The question, as the dialog's heading ("Delete this comment?"). */
  question: string;
  /** A line under it, when the question needs one. */
  detail?: string;
  /** The action's label ("Delete"). */
  confirm: string;
  cancel: string;
  /** Drawn as a destructive action (the default). */
  danger?: boolean;
}

export function useConfirm(testId = "confirm-dialog"): [ReactNode, (question: ConfirmQuestion) => Promise<boolean>] {
  const [asked, setAsked] = useState<ConfirmQuestion | null>(null);
  const answer = useRef<((ok: boolean) => void) | null>(null);
  const reply = useCallback((ok: boolean) => {
    answer.current?.(ok);
    answer.current = null;
    setAsked(null);
  }, []);
  const ask = useCallback(
    (question: ConfirmQuestion) =>
      new Promise<boolean>((resolve) => {
        answer.current?.(false);
        answer.current = resolve;
        setAsked(question);
      }),
    [],
  );
  // A question left open when its component goes away is answered no.
  useEffect(() => () => answer.current?.(false), []);
  const dialog = asked && (
    <Dialog title={asked.question} onClose={() => reply(false)} testId={testId} size="sm">
      {asked.detail && <p className="muted text-sm">{asked.detail}</p>}
      <DialogActions cancel={asked.cancel} onCancel={() => reply(false)} confirm={asked.confirm} onConfirm={() => reply(true)} danger={asked.danger ?? true} cancelFirstFocus testId={`${testId}-confirm`} />
    </Dialog>
  );
  return [dialog, ask];
}
