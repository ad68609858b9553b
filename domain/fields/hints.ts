/** Suggestions while typing into a field (POST /project/{id}/hints), spec §9 paging. */
import { z } from "zod";

/** Page sizes: role hints come 15 at a time, every other kind 10 (spec §9). */
export const HINTS_PAGE = { role: 15, default: 10 } as const;
export const HINTS_MAX_LIMIT = 100;

export function hintsPageSize(contentTypes: readonly string[], limit?: number): number {
  if (limit !== undefined) return Math.min(Math.max(1, limit), HINTS_MAX_LIMIT);
  return contentTypes.length > 0 && contentTypes.every((c) => c === "role") ? HINTS_PAGE.role : HINTS_PAGE.default;
}

export const hintsQuery = z.object({
  limit: z.coerce.number({ error: "limit_invalid" }).int("limit_invalid").min(1, "limit_invalid").max(HINTS_MAX_LIMIT, "limit_invalid").optional(),
  offset: z.coerce.number({ error: "offset_invalid" }).int("offset_invalid").min(0, "offset_invalid").max(100_000, "offset_invalid").optional().default(0),
  custom_fields: z.string().max(2000).optional(),
});

const contentType = z.string().trim().min(1).max(64);

/** Both shapes the client sends: `{content_types, query, show_all_values, all}` and `{content_type, filter_custom_fields, ordering, limit}`. */
export const hintsBody = z
  .object({
    content_types: z.array(contentType).max(20).optional(),
    content_type: contentType.optional(),
    query: z.string().max(200).optional().default(""),
    show_all_values: z.boolean().optional().default(false),
    all: z.boolean().optional().default(false),
    filter_custom_fields: z.array(z.string().max(64)).max(200).optional(),
    ordering: z.enum(["label", "-label"]).optional().default("label"),
    limit: z.number().int().min(1).max(HINTS_MAX_LIMIT).optional(),
  })
  .refine((b) => (b.content_types?.length ?? 0) > 0 || b.content_type !== undefined, { error: "content_type_required" });
