/**
 * The blog: categories and posts in D1, covers in R2. Readers see public posts only
 * (domain/blog/posts `isPublic`); site administrators write. Answers are wire views with
 * snake_case keys, as the rest of the API.
 */
import { and, asc, desc, eq, gt, inArray, isNotNull, lt, lte, ne, or, sql } from "drizzle-orm";
import { checkCover, checkVariant, parseVariants } from "../../domain/blog/cover";
import { markdownToText, readingMinutes, renderMarkdown } from "../../domain/blog/markdown";
import { categoryPath, isPublic, postPath, publishAtFor } from "../../domain/blog/posts";
import type { PostBody } from "../../domain/blog/schemas";
import { IMAGE_EXTENSIONS } from "../../domain/files";
import type { Language } from "../../domain/i18n/languages";
import type { Db } from "../db/client";
import { blogCategories, blogCategoryNames, blogPosts, users, type BlogCategory, type BlogPost } from "../db/schema";
import type { Env } from "../env";
import { newGuid } from "./ids";

export interface CategoryView {
  slug: string;
  language: Language;
  name: string;
  description: string;
  url: string;
  /** Languages the category has a name in. */
  languages: Language[];
}

export interface PostSummary {
  guid: string;
  slug: string;
  language: Language;
  category: string;
  title: string;
  excerpt: string;
  /** `srcset`: the smaller copies and the original, by width; null when the size is unknown. */
  cover: { url: string; alt: string; width: number | null; height: number | null; srcset: string | null } | null;
  published_at: number | null;
  updated_at: number;
  reading_minutes: number;
  url: string;
}

export interface PostLink {
  slug: string;
  title: string;
  language: Language;
  url: string;
}

export interface PostView extends PostSummary {
  state: BlogPost["state"];
  /** Markdown as written. */
  body: string;
  /** The body rendered by domain/blog/markdown (escaped, addresses checked). */
  html: string;
  author: string | null;
  category_name: string;
  translation_group: string;
  translations: PostLink[];
  previous: PostLink | null;
  next: PostLink | null;
}

/** Where a cover is served (`GET /v1/blog/cover/:file`). */
export const coverUrl = (key: string) => `/api/v1/blog/cover/${key.slice("blog/covers/".length)}`;

/** The R2 key of a cover's copy `width` pixels wide: beside the original, the width in its name. */
const variantKey = (coverKey: string, width: number, ext: string) => `${coverKey.replace(/\.[a-z]+$/, "")}-${width}.${ext}`;

/** Every R2 key a post's cover occupies. */
const coverKeys = (post: BlogPost) => (post.coverKey ? [post.coverKey, ...parseVariants(post.coverVariants).map((v) => variantKey(post.coverKey!, v.width, v.ext))] : []);

function coverOf(post: BlogPost): PostSummary["cover"] {
  if (!post.coverKey) return null;
  const variants = parseVariants(post.coverVariants).map((v) => `${coverUrl(variantKey(post.coverKey!, v.width, v.ext))} ${v.width}w`);
  const srcset = post.coverWidth ? [...variants, `${coverUrl(post.coverKey)} ${post.coverWidth}w`].join(", ") : null;
  return { url: coverUrl(post.coverKey), alt: post.coverAlt, width: post.coverWidth, height: post.coverHeight, srcset };
}

function summaryOf(post: BlogPost, categorySlug: string): PostSummary {
  return {
    guid: post.id,
    slug: post.slug,
    language: post.language,
    category: categorySlug,
    title: post.title,
    excerpt: post.excerpt || markdownToText(post.body).slice(0, 240),
    cover: coverOf(post),
    published_at: post.publishAt,
    updated_at: post.updatedAt,
    reading_minutes: readingMinutes(post.body),
    url: `${postPath(categorySlug, post.slug)}?lng=${post.language}`,
  };
}

const link = (post: Pick<BlogPost, "slug" | "title" | "language">, categorySlug: string): PostLink => ({
  slug: post.slug,
  title: post.title,
  language: post.language,
  url: `${postPath(categorySlug, post.slug)}?lng=${post.language}`,
});

/**
 * A category's slug beside a post's columns. Named apart: D1's batch answers rows by column
 * name, and two `slug` columns would overwrite each other.
 */
const categorySlugColumn = sql<string>`${blogCategories.slug}`.as("category_slug");

/** The SQL condition of `isPublic`. */
const visible = (now: number) => and(ne(blogPosts.state, "draft"), isNotNull(blogPosts.publishAt), lte(blogPosts.publishAt, now));

export function categoryBySlug(db: Db, slug: string) {
  return db.select().from(blogCategories).where(eq(blogCategories.slug, slug)).get();
}

/** A category in one language; its name falls back to any language it has, then to the slug. */
export async function findCategory(db: Db, slug: string, lng: Language): Promise<(CategoryView & { id: string }) | undefined> {
  const category = await categoryBySlug(db, slug);
  if (!category) return undefined;
  const names = await db.select().from(blogCategoryNames).where(eq(blogCategoryNames.categoryId, category.id)).all();
  return { id: category.id, ...categoryView(category, names, lng) };
}

function categoryView(category: BlogCategory, names: (typeof blogCategoryNames.$inferSelect)[], lng: Language): CategoryView {
  const own = names.find((n) => n.language === lng) ?? names[0];
  return {
    slug: category.slug,
    language: lng,
    name: own?.name ?? category.slug,
    description: own?.description ?? "",
    url: `${categoryPath(category.slug)}?lng=${lng}`,
    languages: names.map((n) => n.language),
  };
}

/** Every category in one language, in their order. */
export async function listCategories(db: Db, lng: Language): Promise<CategoryView[]> {
  const [categories, names] = await db.batch([db.select().from(blogCategories).orderBy(asc(blogCategories.sort), asc(blogCategories.slug)), db.select().from(blogCategoryNames)]);
  return categories.map((c) => categoryView(c, names.filter((n) => n.categoryId === c.id), lng));
}

/** One page of a category's public posts in one language, newest first, with the true total. */
export async function listPosts(db: Db, categoryId: string, categorySlug: string, lng: Language, page: { limit: number; offset: number }, now = Date.now()) {
  const where = and(eq(blogPosts.categoryId, categoryId), eq(blogPosts.language, lng), visible(now));
  const [rows, total] = await db.batch([
    db.select().from(blogPosts).where(where).orderBy(desc(blogPosts.publishAt), desc(blogPosts.id)).limit(page.limit).offset(page.offset),
    db.select({ count: sql<number>`count(*)`, updated: sql<number | null>`max(${blogPosts.updatedAt})` }).from(blogPosts).where(where),
  ]);
  return {
    count: total[0]?.count ?? 0,
    limit: page.limit,
    offset: page.offset,
    results: rows.map((r) => summaryOf(r, categorySlug)),
    /** Changes whenever a listed post does: the page's ETag is built from it. */
    version: `${total[0]?.count ?? 0}-${total[0]?.updated ?? 0}`,
  };
}

/**
 * A post by its slug with its category, translations and neighbours (same category and
 * language). Readers get public posts only; `drafts: true` (a site administrator) gets any.
 */
export async function findPost(db: Db, slug: string, options: { drafts?: boolean; now?: number } = {}): Promise<PostView | undefined> {
  const now = options.now ?? Date.now();
  const row = await db
    .select({ post: blogPosts, category: blogCategories, author: users.name })
    .from(blogPosts)
    .innerJoin(blogCategories, eq(blogCategories.id, blogPosts.categoryId))
    .leftJoin(users, eq(users.id, blogPosts.authorId))
    .where(eq(blogPosts.slug, slug))
    .get();
  if (!row || (!options.drafts && !isPublic(row.post, now))) return undefined;
  const { post, category } = row;
  const at = post.publishAt ?? now;
  const sameShelf = and(eq(blogPosts.categoryId, post.categoryId), eq(blogPosts.language, post.language), visible(now));
  const [translations, previous, next, name] = await db.batch([
    db
      .select({ post: blogPosts, category: categorySlugColumn })
      .from(blogPosts)
      .innerJoin(blogCategories, eq(blogCategories.id, blogPosts.categoryId))
      .where(and(eq(blogPosts.translationGroup, post.translationGroup), ne(blogPosts.id, post.id), visible(now))),
    db
      .select()
      .from(blogPosts)
      .where(and(sameShelf, or(lt(blogPosts.publishAt, at), and(eq(blogPosts.publishAt, at), lt(blogPosts.id, post.id)))))
      .orderBy(desc(blogPosts.publishAt), desc(blogPosts.id))
      .limit(1),
    db
      .select()
      .from(blogPosts)
      .where(and(sameShelf, or(gt(blogPosts.publishAt, at), and(eq(blogPosts.publishAt, at), gt(blogPosts.id, post.id)))))
      .orderBy(asc(blogPosts.publishAt), asc(blogPosts.id))
      .limit(1),
    db.select().from(blogCategoryNames).where(eq(blogCategoryNames.categoryId, category.id)),
  ]);
  return {
    ...summaryOf(post, category.slug),
    state: post.state,
    body: post.body,
    html: renderMarkdown(post.body),
    author: row.author,
    category_name: categoryView(category, name, post.language).name,
    translation_group: post.translationGroup,
    translations: translations.map((t) => link(t.post, t.category)),
    previous: previous[0] ? link(previous[0], category.slug) : null,
    next: next[0] ? link(next[0], category.slug) : null,
  };
}

/** Every post, drafts included, newest change first: the administrators' list. */
export async function listAllPosts(db: Db) {
  const rows = await db
    .select({ post: blogPosts, category: categorySlugColumn })
    .from(blogPosts)
    .innerJoin(blogCategories, eq(blogCategories.id, blogPosts.categoryId))
    .orderBy(desc(blogPosts.updatedAt))
    .limit(500)
    .all();
  return rows.map((r) => ({ ...summaryOf(r.post, r.category), state: r.post.state, translation_group: r.post.translationGroup }));
}

export const postById = (db: Db, id: string) => db.select().from(blogPosts).where(eq(blogPosts.id, id)).get();

export type SaveResult =
  | { ok: true; post: PostView }
  | { ok: false; reason: "category_not_found" | "post_not_found" | "slug_taken" | "translation_taken" | "publish_at_required" };

/**
 * Creates (`existing` undefined) or rewrites a post. A translation joins the group of the post it
 * translates; each language once per group, each slug once on the site.
 */
export async function savePost(db: Db, author: { id: string }, body: PostBody, existing?: BlogPost, now = Date.now()): Promise<SaveResult> {
  const category = await categoryBySlug(db, body.category);
  if (!category) return { ok: false, reason: "category_not_found" };
  const bySlug = await db.select({ id: blogPosts.id }).from(blogPosts).where(eq(blogPosts.slug, body.slug)).get();
  if (bySlug && bySlug.id !== existing?.id) return { ok: false, reason: "slug_taken" };
  const id = existing?.id ?? newGuid();
  let group = existing?.translationGroup ?? id;
  if (body.translation_of) {
    const original = await postById(db, body.translation_of);
    if (!original) return { ok: false, reason: "post_not_found" };
    group = original.translationGroup;
  }
  const clash = await db
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(and(eq(blogPosts.translationGroup, group), eq(blogPosts.language, body.language), ne(blogPosts.id, id)))
    .get();
  if (clash) return { ok: false, reason: "translation_taken" };
  const publishAt = publishAtFor(body.state, body.publish_at, existing?.publishAt ?? null, now);
  if (publishAt === "publish_at_required") return { ok: false, reason: publishAt };
  const values = {
    slug: body.slug,
    language: body.language,
    translationGroup: group,
    categoryId: category.id,
    title: body.title,
    excerpt: body.excerpt,
    body: body.body,
    coverAlt: body.cover_alt,
    state: body.state,
    publishAt,
    updatedAt: now,
  };
  try {
    if (existing) await db.update(blogPosts).set(values).where(eq(blogPosts.id, id));
    else await db.insert(blogPosts).values({ id, ...values, authorId: author.id, createdAt: now });
  } catch (err) {
    // Two saves racing for one slug or language: the unique indexes decide.
    if (String(err).includes("UNIQUE")) return { ok: false, reason: String(err).includes("slug") ? "slug_taken" : "translation_taken" };
    throw err;
  }
  return { ok: true, post: (await findPost(db, body.slug, { drafts: true, now }))! };
}

/** Deletes a post and its cover. */
export async function deletePost(env: Env, db: Db, post: BlogPost): Promise<void> {
  await db.delete(blogPosts).where(eq(blogPosts.id, post.id));
  const keys = coverKeys(post);
  if (keys.length > 0) await env.FILES.delete(keys);
}

export type CoverResult = { ok: true; post: PostView } | { ok: false; reason: "cover_empty" | "cover_too_large" | "cover_type_refused" | "cover_variant_invalid" };

/**
 * Stores a post's cover image (checked by its bytes) in R2 with its smaller copies, and drops
 * the ones it replaces. The copies are checked against the original before anything is stored:
 * one wrong copy refuses the whole upload.
 */
export async function setCover(env: Env, db: Db, post: BlogPost, bytes: Uint8Array, copies: Uint8Array[] = [], now = Date.now()): Promise<CoverResult> {
  const checked = checkCover(bytes);
  if (!checked.ok) return checked;
  const variants: { type: string; width: number; bytes: Uint8Array; ext: string }[] = [];
  for (const copy of copies) {
    const variant = checkVariant(copy, checked);
    if (!variant.ok || variants.some((v) => v.width === variant.width)) return { ok: false, reason: "cover_variant_invalid" };
    variants.push({ ...variant, bytes: copy, ext: IMAGE_EXTENSIONS[variant.type]! });
  }
  const random = [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, "0")).join("");
  const key = `blog/covers/${random}.${IMAGE_EXTENSIONS[checked.type]}`;
  await Promise.all([
    env.FILES.put(key, bytes, { httpMetadata: { contentType: checked.type } }),
    ...variants.map((v) => env.FILES.put(variantKey(key, v.width, v.ext), v.bytes, { httpMetadata: { contentType: v.type } })),
  ]);
  const stored = variants.sort((a, b) => a.width - b.width).map((v) => `${v.width}.${v.ext}`).join(" ") || null;
  await db.update(blogPosts).set({ coverKey: key, coverWidth: checked.width, coverHeight: checked.height, coverVariants: stored, updatedAt: now }).where(eq(blogPosts.id, post.id));
  const old = coverKeys(post);
  if (old.length > 0) await env.FILES.delete(old);
  return { ok: true, post: (await findPost(db, post.slug, { drafts: true, now }))! };
}

/** Creates a category with its names; `false` when the slug is taken. */
export async function createCategory(db: Db, body: { slug: string; names: Partial<Record<Language, string>>; descriptions: Partial<Record<Language, string>> }): Promise<boolean> {
  if (await categoryBySlug(db, body.slug)) return false;
  const id = newGuid();
  const names = Object.entries(body.names).map(([language, name]) => ({ categoryId: id, language: language as Language, name: name!, description: body.descriptions[language as Language] ?? "" }));
  await db.batch([db.insert(blogCategories).values({ id, slug: body.slug }), db.insert(blogCategoryNames).values(names)]);
  return true;
}

/** What the sitemap lists: every category with the languages it has posts in, and every public post. */
export async function sitemapEntries(db: Db, now = Date.now()) {
  const [posts, categories] = await db.batch([
    db
      .select({ slug: blogPosts.slug, language: blogPosts.language, group: blogPosts.translationGroup, updatedAt: blogPosts.updatedAt, category: categorySlugColumn })
      .from(blogPosts)
      .innerJoin(blogCategories, eq(blogCategories.id, blogPosts.categoryId))
      .where(visible(now))
      .orderBy(desc(blogPosts.publishAt))
      .limit(45_000),
    db.select().from(blogCategories),
  ]);
  return { posts, categories: categories.map((c) => c.slug) };
}

/** A public cover's bytes by its file name (the key's last part). */
export function coverObject(env: Env, file: string) {
  if (!/^[0-9a-f]{32}(-\d{3,4})?\.(png|jpg|webp)$/.test(file)) return Promise.resolve(null);
  return env.FILES.get(`blog/covers/${file}`);
}

/** Post guids of a translation group, for the editor's language switch. */
export function translationsOf(db: Db, group: string) {
  return db.select({ guid: blogPosts.id, language: blogPosts.language, slug: blogPosts.slug }).from(blogPosts).where(inArray(blogPosts.translationGroup, [group])).all();
}

/**
 * What readers can see of the blog, in one short string: how many posts are public and when the
 * newest of them changed. Publishing, editing, unpublishing or deleting a post, and a scheduled
 * post's time arriving, all change it; editing a draft does not. The public pages' edge cache
 * keys carry it (workers/site/page-cache.ts).
 */
export async function blogVersion(db: Db, now = Date.now()): Promise<string> {
  const row = await db
    .select({ count: sql<number>`count(*)`, changed: sql<number | null>`max(${blogPosts.updatedAt})` })
    .from(blogPosts)
    .where(visible(now))
    .get();
  return `${row?.count ?? 0}.${row?.changed ?? 0}`;
}
