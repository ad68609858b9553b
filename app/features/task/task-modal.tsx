/**
 * The task modal over the taskboard (`/project/{guid}/taskboard/{taskId}`): the task page's
 * content in a dialog. Focus moves in and is kept inside (Tab wraps), Escape or the backdrop
 * closes it, and focus goes back to what opened it. Rendered in place rather than in a portal,
 * so a direct visit renders it on the server too.
 */
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { NoAccess } from "../projects/no-access";
import { TaskDetails } from "./task-details";
import { TaskHref } from "../../components/fields/task-ref";
import { TaskGone } from "./task-states";
import type { TaskData } from "./types";
import { useGoneState } from "./use-gone-state";

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"]), summary';

export function TaskModal({ data, projectGuid, onClose, onChanged, hrefOf }: { data: TaskData; projectGuid: string; onClose: () => void; onChanged: () => void; hrefOf: (projectGuid: string, task: string) => string }) {
  const { t } = useTranslation("task");
  const dialog = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const gone = useGoneState(data);

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    dialog.current?.focus({ preventScroll: true });
    // The page behind does not scroll while the modal is open.
    const overflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    return () => {
      document.body.style.overflow = overflow;
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  // A direct visit shows the server's modal before its code has loaded (it loads on demand):
  // `data-keys` says when Escape and Tab are handled.
  const [keysLive, setKeysLive] = useState(false);
  // Listened on the window, so keys still count when the focus fell to the page (an editor
  // that closed). Editors and pickers inside answer their own Escape and stop it before here.
  const close = useRef(onClose);
  close.current = onClose;
  useEffect(() => {
    const onKeyDown = (e: globalThis.KeyboardEvent) => {
      if (e.key === "Escape" && !e.defaultPrevented) {
        e.preventDefault();
        close.current();
        return;
      }
      if (e.key !== "Tab" || !dialog.current) return;
      const items = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null);
      if (items.length === 0) return e.preventDefault();
      const first = items[0]!;
      const last = items[items.length - 1]!;
      const inside = dialog.current.contains(document.activeElement);
      if (!inside || (e.shiftKey && (document.activeElement === first || document.activeElement === dialog.current))) {
        e.preventDefault();
        (e.shiftKey ? last : first).focus();
      } else if (!e.shiftKey && document.activeElement === last) {
        e.preventDefault();
        first.focus();
      }
    };
    window.addEventListener("keydown", onKeyDown);
    setKeysLive(true);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, []);

  return (
    <div className="fixed inset-0 z-40 flex items-start justify-center overflow-y-auto bg-black/45 px-3 py-6 sm:py-12" onMouseDown={(e) => e.target === e.currentTarget && onClose()} data-testid="task-modal-backdrop">
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={data.state === "ok" && !gone ? titleId : undefined}
        aria-label={data.state === "ok" && !gone ? undefined : t("title")}
        tabIndex={-1}
        className="card w-full max-w-5xl p-5 outline-none sm:p-7"
        data-testid="task-modal"
        data-keys={keysLive ? "live" : undefined}
      >
        <TaskHref.Provider value={hrefOf}>
        {gone ? (
          <TaskGone reason={gone} projectGuid={projectGuid} onClose={onClose} />
        ) : data.state === "ok" ? (
          <TaskDetails data={data} frame="modal" onChanged={onChanged} onDeleted={onClose} onClose={onClose} titleId={titleId} />
        ) : (
          <NoAccess />
        )}
        </TaskHref.Provider>
      </div>
    </div>
  );
}
