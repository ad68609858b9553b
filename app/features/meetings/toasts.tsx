/**
 * The meeting toasts of spec §8: a success message, or on a failure the server's `detail` when
 * the answer carries one and the area's fallback message otherwise (spec §5).
 */
import type { TFunction } from "i18next";
import { toast } from "react-toastify/unstyled";
import type { ApiError } from "../../../domain/http/errors";

/** The meeting just made by the create form (sessionStorage), whose "created" toast the meeting page shows. */
export const CREATED_KEY = "meeting:created";

export type MeetingFailure = "create_failed" | "join_failed" | "list_failed" | "info_failed" | "notes_failed";

/** The server's translated `detail`, when the error answer has one. */
export function serverDetail(error: ApiError): string | null {
  const data = error.data as { detail?: unknown } | undefined;
  return data && typeof data === "object" && typeof data.detail === "string" && data.detail ? data.detail : null;
}

export function meetingSuccess(t: TFunction, key: "created" | "joined") {
  toast.success(<span data-testid="meeting-toast">{t(`meetings:toasts.${key}`)}</span>);
}

export function meetingFailure(t: TFunction, key: MeetingFailure, error: ApiError) {
  const fallback = key === "notes_failed" ? t("meetings:notes.failed") : t(`meetings:toasts.${key}`);
  toast.error(<span data-testid="meeting-toast">{serverDetail(error) ?? fallback}</span>);
}
