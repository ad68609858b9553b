/**
 * Blog rules shared by the API, the pages and the editor: slugs, visibility and paging. The wire
 * schemas are in schemas.ts (zod is costly to build; a post's page needs only these rules).
 */
import type { Language } from "../i18n/languages";

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
