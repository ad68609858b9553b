import type { TFunction } from "i18next";
import type { z } from "zod";
import type { ApiError } from "../../../domain/http/errors";

/** Field messages from a client-side validation, translated from their error keys. */
export function zodFieldErrors(error: z.ZodError, t: TFunction): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".") || "body";
    out[key] ??= t(`errors:${issue.message}`, { defaultValue: t("errors:body_invalid") });
  }
  return out;
}

/** The server's translated `detail` and `fields` of a 4xx answer, or a generic text. */
export function serverErrors(error: ApiError, t: TFunction): { detail: string; fields: Record<string, string> } {
  const data = error.data as { detail?: unknown; fields?: Record<string, unknown> } | undefined;
  const fields: Record<string, string> = {};
  for (const [k, v] of Object.entries(data?.fields ?? {})) if (typeof v === "string") fields[k] = v;
  const detail = typeof data?.detail === "string" ? data.detail : t("errors:network");
  return { detail, fields };
}
