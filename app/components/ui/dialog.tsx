/**
 * The app's modal dialog, on the native `<dialog>` opened with `showModal()`: the browser keeps
 * the focus inside, makes the page behind inert, and closes it on Escape (a part inside that
 * answers Escape itself prevents the default, and the dialog stays). The dialog exists only while
 * it is rendered: mounting opens it, the browser's close (Escape, a `method="dialog"` form)
 * reports through `onClose`, and unmounting gives the focus back to what had it before.
 * It is named by its heading. See docs/decisions.md, "UI kit".
 */
import { type FormEvent, type ReactNode, useCallback, useEffect, useId, useRef, useState } from "react";

const WIDTHS = { sm: "max-w-sm", md: "max-w-md", lg: "max-w-lg", xl: "max-w-xl" } as const;

/** Opens `dialog` modally on mount; on unmount the focus goes back to what had it. */
export function useModal(dialog: { current: HTMLDialogElement | null }) {
  const opener = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    // Kept across React's development remount, which would otherwise take the dialog's own field.
    opener.current ??= document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!el.open) el.showModal();
    return () => {
      // After the commit: a dialog still in the document was only remounted (development).
      setTimeout(() => {
        if (!el.isConnected && opener.current?.isConnected) opener.current.focus();
      });
    };
  }, [dialog]);
}

/**
 * The bare modal, for a dialog with a layout of its own (the command palette): `className` draws
 * the box; a click on the backdrop closes it when `closeOnBackdrop` is set.
 */
export function ModalDialog({
  onClose,
  children,
  className,
  label,
  labelledBy,
  testId,
  closeOnBackdrop = false,
}: {
  onClose: () => void;
  children: ReactNode;
  className: string;
  label?: string;
  labelledBy?: string;
  testId?: string;
  closeOnBackdrop?: boolean;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useModal(ref);
  return (
    <dialog
      ref={ref}
      className={`${className} text-[var(--text)] backdrop:bg-black/40`}
      aria-label={label}
      aria-labelledby={labelledBy}
      onClose={onClose}
      // The backdrop is part of the dialog element: a press on it has the dialog itself as target.
      onMouseDown={closeOnBackdrop ? (e) => e.target === e.currentTarget && onClose() : undefined}
      data-testid={testId}
    >
      {children}
    </dialog>
  );
}

export function Dialog({
  title,
  onClose,
  children,
  testId,
  size = "md",
  onSubmit,
  label,
  className = "",
}: {
  /** The heading; also the dialog's accessible name. */
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  testId?: string;
  size?: keyof typeof WIDTHS;
  /** Makes the body a form (not validated by the browser: the app shows its own messages). */
  onSubmit?: (e: FormEvent<HTMLFormElement>) => void;
  /** A name for a dialog without a visible heading (`title` is then left out). */
  label?: string;
  className?: string;
}) {
  const titleId = useId();
  const body = (
    <>
      {label === undefined && (
        <h2 id={titleId} className="text-lg font-semibold break-words">
          {title}
        </h2>
      )}
      {children}
    </>
  );
  const inner = `flex max-h-[85vh] flex-col gap-4 p-6 ${className}`;
  return (
    <ModalDialog className={`card m-auto w-full ${WIDTHS[size]} p-0`} labelledBy={label === undefined ? titleId : undefined} label={label} onClose={onClose} testId={testId}>
      {onSubmit ? (
        <form className={inner} onSubmit={onSubmit} noValidate>
          {body}
        </form>
      ) : (
        <div className={inner}>{body}</div>
      )}
    </ModalDialog>
  );
}

/** A dialog's last row: cancel, then the main action (a submit button unless `onConfirm` is given). */
export function DialogActions({
  cancel,
  onCancel,
  confirm,
  onConfirm,
  disabled,
  danger,
  testId,
  cancelFirstFocus,
}: {
  cancel: string;
  onCancel: () => void;
  /** The main action's label; left out for a dialog that only closes. */
  confirm?: ReactNode;
  onConfirm?: () => void;
  disabled?: boolean;
  danger?: boolean;
  testId?: string;
  /** Puts the focus on cancel when the dialog opens (for destructive questions). */
  cancelFirstFocus?: boolean;
}) {
  return (
    <div className="flex items-center justify-end gap-2">
      <button type="button" className="btn" onClick={onCancel} autoFocus={cancelFirstFocus}>
        {cancel}
      </button>
      {confirm !== undefined && (
        <button
          type={onConfirm ? "button" : "submit"}
          className={danger ? "btn border-[var(--danger)] bg-[var(--danger)] text-[var(--on-danger)] hover:opacity-90" : "btn btn-primary"}
          onClick={onConfirm}
          disabled={disabled}
          data-testid={testId}
        >
          {confirm}
        </button>
      )}
    </div>
  );
}

/** A yes-or-no question: confirming runs `onConfirm`, then closes. */
export function ConfirmDialog({ title, body, cancel, confirm, onConfirm, onClose, testId }: { title: string; body: string; cancel: string; confirm: string; onConfirm: () => void; onClose: () => void; testId: string }) {
  return (
    <Dialog title={title} onClose={onClose} testId={testId} size="sm">
      <p className="muted text-sm">{body}</p>
      <DialogActions
        cancel={cancel}
        onCancel={onClose}
        confirm={confirm}
        onConfirm={() => {
          onConfirm();
          onClose();
        }}
        testId={`${testId}-confirm`}
      />
    </Dialog>
  );
}

/**
 * `useConfirm`: a question before an action that cannot be undone, asked in the kit's dialog instead of the
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
