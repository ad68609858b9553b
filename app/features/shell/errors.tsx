/**
 * The shell's error state and the API hook that applies spec §8: 401 → root page, other 4xx →
 * a top-right toast (3000 ms) with status, status text and the body's strings, state hidden
 * after 4000 ms; 5xx and transport failures are only logged.
 */
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import {
  type ApiError,
  ERROR_STATE_HIDE_MS,
  ERROR_TOAST_MS,
  type ErrorState,
  classifyError,
} from "../../../domain/http/errors";
import { apiCall, type ApiResult } from "../../lib/api";

const hidden: ErrorState = { show: false, status: null, statusText: "", text: "" };

interface ErrorsValue {
  error: ErrorState;
  report: (error: ApiError) => void;
  closeToast: () => void;
}

const ErrorsContext = createContext<ErrorsValue | null>(null);

export function ErrorsProvider({ children }: { children: ReactNode }) {
  const [error, setError] = useState<ErrorState>(hidden);
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();

  const report = useCallback(
    (err: ApiError) => {
      const action = classifyError(err);
      if (action.kind === "signOut") {
        void revalidate();
        void navigate("/");
      } else if (action.kind === "show") setError(action.state);
      else console.error("request failed", err);
    },
    [navigate, revalidate],
  );
  const closeToast = useCallback(() => setError(hidden), []);

  useEffect(() => {
    if (!error.show) return;
    // The toast library is not in the page's entry JavaScript (overlays.tsx): it loads here.
    const toasts = import("react-toastify/unstyled");
    const id = toasts.then(({ toast }) =>
      toast.error(
        <div role="alert" data-testid="error-toast">
          <strong className="block">{`${error.status} ${error.statusText}`.trim()}</strong>
          {error.text && <span className="block text-sm">{error.text}</span>}
        </div>,
        { autoClose: ERROR_TOAST_MS, onClose: closeToast },
      ),
    );
    const timer = setTimeout(closeToast, ERROR_STATE_HIDE_MS);
    return () => {
      clearTimeout(timer);
      void Promise.all([toasts, id]).then(([{ toast }, shown]) => toast.dismiss(shown));
    };
  }, [error, closeToast]);

  const value = useMemo(() => ({ error, report, closeToast }), [error, report, closeToast]);
  return <ErrorsContext.Provider value={value}>{children}</ErrorsContext.Provider>;
}

export function useErrors(): ErrorsValue {
  const value = useContext(ErrorsContext);
  if (!value) throw new Error("useErrors outside ErrorsProvider");
  return value;
}

/**
 * An API caller whose failures go through the shell's rules. Pass `{ quiet: true }` when the
 * screen shows the error itself (e.g. under a form field) instead of the toast.
 */
export function useApi() {
  const { report } = useErrors();
  return useCallback(
    async <T,>(
      method: Parameters<typeof apiCall>[0],
      path: string,
      body?: unknown,
      options: { quiet?: boolean } = {},
    ): Promise<ApiResult<T>> => {
      const result = await apiCall<T>(method, path, body);
      if (result.error && !(options.quiet && typeof result.error.status === "number" && result.error.status !== 401)) {
        report(result.error);
      }
      return result;
    },
    [report],
  );
}
