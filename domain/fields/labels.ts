/**
 * Labels (`/labels`) are the options of a task's `tags` field (multi-select): named and
 * coloured, unique by name regardless of case, spacing or Unicode form.
 */
import { z } from "zod";
import { OPTION_LABEL_MAX } from "./types";
import { color } from "./value-checks";

/** The form in which two label names are compared: "Bug", " bug " and "BUG" are one label. */
export const labelKey = (name: string) => name.normalize("NFKC").trim().replace(/\s+/g, " ").toLocaleLowerCase();

export const sameLabel = (a: string, b: string) => labelKey(a) === labelKey(b);

const value = z.string({ error: "option_value_required" }).trim().min(1, "option_value_required").max(OPTION_LABEL_MAX, "option_value_too_long");

export const labelBody = z.object({ value, color: color.optional() }).strict();

export const updateLabelBody = z
  .object({ value: value.optional(), color: color.optional() })
  .strict()
  .refine((b) => b.value !== undefined || b.color !== undefined, { error: "body_invalid" });
