/**
 * Optimistic deletion with Undo instead of a confirm dialog (issue 15): the change is made at
 * once and a toast offers Undo for `UNDO_TOAST_MS`. The toast library loads on demand, as for
 * the error toasts (errors.tsx).
 */
import { UNDO_TOAST_MS } from "../../../domain/planning/trash";

export interface UndoToast {
  /** What was done ("Task #12 deleted"). */
  message: string;
  /** The button's label ("Undo"). */
  undo: string;
  onUndo: () => void | Promise<void>;
}

export function showUndoToast({ message, undo, onUndo }: UndoToast): void {
  void import("react-toastify/unstyled").then(({ toast }) => {
    const id = toast(
      <div className="flex w-full items-center gap-3" data-testid="undo-toast">
        <span role="status" className="min-w-0 flex-1">
          {message}
        </span>
        <button
          type="button"
          className="btn btn-ghost shrink-0 px-3 py-1 text-sm font-semibold text-[var(--primary)]"
          data-testid="undo-button"
          onClick={() => {
            toast.dismiss(id);
            void onUndo();
          }}
        >
          {undo}
        </button>
      </div>,
      { autoClose: UNDO_TOAST_MS, closeOnClick: false, draggable: false },
    );
  });
}
