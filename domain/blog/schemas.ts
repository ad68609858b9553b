/** Wire schemas of the blog's calls (messages are keys of the `errors` namespace). */
import { z } from "zod";
import { LANGUAGES } from "../i18n/languages";
import { BODY_MAX, EXCERPT_MAX, PAGE_SIZE, PAGE_SIZE_MAX, POST_STATES, SLUG_MAX, SLUG_PATTERN, TITLE_MAX } from "./posts";

export const slug = z
  .string({ error: "slug_invalid" })
  .trim()
  .min(3, "slug_invalid")
  .max(SLUG_MAX, "slug_invalid")
  .regex(SLUG_PATTERN, "slug_invalid");

export const language = z.enum(LANGUAGES, { error: "language_invalid" });

/** `POST /v1/blog/posts` and `PUT /v1/blog/posts/:guid`: a post written by a site administrator. */
export const postBody = z.strictObject({
  slug,
  language,
  category: slug,
  title: z.string({ error: "title_required" }).trim().min(1, "title_required").max(TITLE_MAX, "title_too_long"),
  excerpt: z.string({ error: "excerpt_too_long" }).trim().max(EXCERPT_MAX, "excerpt_too_long").default(""),
  body: z.string({ error: "body_too_long" }).max(BODY_MAX, "body_too_long").default(""),
  state: z.enum(POST_STATES, { error: "post_state_invalid" }).default("draft"),
  /** When a scheduled post becomes public (ms); ignored for drafts and published posts. */
  publish_at: z.number({ error: "publish_at_invalid" }).int("publish_at_invalid").positive("publish_at_invalid").nullable().default(null),
  /** Guid of a post this one translates; both then belong to one translation group. */
  translation_of: z.string({ error: "post_not_found" }).max(64, "post_not_found").nullable().default(null),
  cover_alt: z.string({ error: "cover_alt_too_long" }).trim().max(200, "cover_alt_too_long").default(""),
});
export type PostBody = z.output<typeof postBody>;

/** `POST /v1/blog/categories`: a category and its names. */
export const categoryBody = z.strictObject({
  slug,
  names: z.partialRecord(language, z.string().trim().min(1, "name_required").max(80, "name_too_long")).refine((n) => Object.keys(n).length > 0, "name_required"),
  descriptions: z.partialRecord(language, z.string().trim().max(300, "description_too_long")).default({}),
});

/** `?limit&offset` of `/allposts/{slug}`, and the language of a listing. */
export const pageQuery = z.object({
  limit: z.coerce.number({ error: "limit_invalid" }).int("limit_invalid").min(1, "limit_invalid").max(PAGE_SIZE_MAX, "limit_invalid").default(PAGE_SIZE),
  offset: z.coerce.number({ error: "offset_invalid" }).int("offset_invalid").min(0, "offset_invalid").max(100_000, "offset_invalid").default(0),
  lng: language.optional(),
});

/** `?lng` of the listings that take no paging. */
export const languageQuery = z.object({ lng: language.optional() });
