/**
 * Blog rules shared by the API, the pages and the editor: the wire schemas (messages are keys
 * of the `errors` namespace), slugs, visibility and paging.
 */
import { z } from "zod";
import { LANGUAGES, type Language } from "../i18n/languages";

export const POST_STATES = ["draft", "published", "scheduled"] as const;
export type PostState = (typeof POST_STATES)[number];

export const TITLE_MAX = 200;
export const EXCERPT_MAX = 500;
export const BODY_MAX = 100_000;
export const SLUG_MAX = 120;
/** Posts per page of a category. */
export const PAGE_SIZE = 10;
export const PAGE_SIZE_MAX = 200;
/** Cover images: what a browser shows everywhere, at most 5 MB. */
export const COVER_MAX_BYTES = 5 * 1024 * 1024;
export const COVER_TYPES = ["image/png", "image/jpeg", "image/webp"] as const;

/**
 * Lower-case latin letters, digits and single hyphens. A two-letter slug is refused: `/de/…`
 * is the language path (spec §9), so a category or post could never be reached under one.
 */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const slug = z
  .string({ error: "slug_invalid" })
  .trim()
  .min(3, "slug_invalid")
  .max(SLUG_MAX, "slug_invalid")
  .regex(SLUG_PATTERN, "slug_invalid");

/** A slug proposed from a title: latin letters kept, Cyrillic transliterated, the rest dropped. */
export function slugify(title: string): string {
  const cyr: Record<string, string> = {
    а: "a", б: "b", в: "v", г: "g", д: "d", е: "e", ё: "e", ж: "zh", з: "z", и: "i", й: "y", к: "k", л: "l", м: "m", н: "n", о: "o", п: "p", р: "r",
    с: "s", т: "t", у: "u", ф: "f", х: "h", ц: "ts", ч: "ch", ш: "sh", щ: "sch", ъ: "", ы: "y", ь: "", э: "e", ю: "yu", я: "ya",
  };
  return title
    .toLowerCase()
    .replace(/[ßäöüñáéíóúç]/g, (c) => ({ ß: "ss", ä: "ae", ö: "oe", ü: "ue", ñ: "n", á: "a", é: "e", í: "i", ó: "o", ú: "u", ç: "c" })[c] ?? c)
    .replace(/[а-яё]/g, (c) => cyr[c] ?? "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, SLUG_MAX)
    .replace(/-+$/, "");
}

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

/**
 * When a post is public: `published` from its publication on, `scheduled` from `publish_at` on
 * (so nothing has to run at that time), a draft never.
 */
export function isPublic(post: { state: PostState; publishAt: number | null }, now: number): boolean {
  return post.state !== "draft" && post.publishAt !== null && post.publishAt <= now;
}

/**
 * The `publish_at` a save stores: a draft keeps what it had (not public anyway); publishing keeps the first publication's
 * time (a correction does not move a post to the top); a schedule needs a time.
 */
export function publishAtFor(state: PostState, requested: number | null, previous: number | null, now: number): number | null | "publish_at_required" {
  if (state === "draft") return previous;
  if (state === "published") return previous !== null && previous <= now ? previous : now;
  return requested ?? "publish_at_required";
}

/** The path of a post's page; `lng` makes the language of the whole page explicit (canonical). */
export const postPath = (categorySlug: string, postSlug: string) => `/${categorySlug}/category/post/${postSlug}`;
export const categoryPath = (categorySlug: string) => `/${categorySlug}/category`;
export const feedPath = (categorySlug: string, lng: Language) => `/${categorySlug}/category/rss.xml?lng=${lng}`;
