/** Wire schemas of the document tree calls (`/api/v1/project/{id}/docs…`, issue 6). */
import { z } from "zod";
import { customFieldValue } from "../projects/schemas";
import { DOC_KINDS } from "./layout";
import { DOC_TITLE_MAX } from "./tree";

const title = z.string({ error: "body_invalid" }).trim().max(DOC_TITLE_MAX, "doc_title_too_long");
const guid = z.string({ error: "body_invalid" }).min(1, "doc_parent_not_found").max(64, "doc_parent_not_found");

/** `POST /docs`: a new document of `kind` at the end of `parent`'s children (null or absent: the root). */
export const createDocBody = z
  .object({
    kind: z.enum(DOC_KINDS, { error: "doc_kind_invalid" }),
    title: title.optional().default(""),
    parent: guid.nullable().optional().default(null),
  })
  .strict();

/** `PATCH /docs/{guid}`: a new title and/or field values (the title is not one of the values). */
export const updateDocBody = z
  .object({
    title: title.optional(),
    custom_fields: z.array(customFieldValue, { error: "body_invalid" }).max(200, "body_invalid").optional(),
  })
  .strict();

/** `POST /docs/{guid}/move`: the new parent (null: the root) and the place among its children. */
export const moveDocBody = z
  .object({
    parent: guid.nullable(),
    index: z.number({ error: "body_invalid" }).int("body_invalid").min(0, "body_invalid").max(100_000, "body_invalid"),
  })
  .strict();

/** `PUT /docs/{guid}/share`: sharing on (a new read-only link) or off (the link stops at once). */
export const shareDocBody = z.object({ shared: z.boolean({ error: "body_invalid" }) }).strict();
