/** Page data of the public blog: the landing page's footer link, a category page, a post and the editor. */
import type { Language } from "../../../domain/i18n/languages";
import { getDb } from "../../db/client";
import type { Env } from "../../env";
import { findCategory, findPost, listAllPosts, listCategories, listPosts, postById } from "../blog";

/** The blog's first category in `lng`, for the landing page's footer; null while there is none. */
export async function landingBlogLink(env: Env, lng: Language) {
  const [blog] = await listCategories(getDb(env.DB), lng);
  return blog ? { url: blog.url, name: blog.name } : null;
}

/** A category's published posts in `lng`, one page of them; null when the category is unknown. */
export async function blogCategoryPage(env: Env, slug: string, lng: Language, page: { limit: number; offset: number }) {
  const db = getDb(env.DB);
  const category = await findCategory(db, slug, lng);
  if (!category) return null;
  const list = await listPosts(db, category.id, category.slug, lng, page);
  return { category, list };
}

/** One post by its slug; drafts and scheduled posts only for a site administrator. */
export async function blogPostPage(env: Env, postSlug: string, drafts: boolean) {
  return findPost(getDb(env.DB), postSlug, { drafts });
}

/**
 * The editor's data: categories, every post, and the post being edited (`postGuid`), drafts
 * included. `post` is undefined when the guid names no post. Only for site administrators —
 * the route checks that before calling.
 */
export async function blogEditorPage(env: Env, lng: Language, postGuid: string | undefined) {
  const db = getDb(env.DB);
  const [categories, posts, row] = await Promise.all([listCategories(db, lng), listAllPosts(db), postGuid ? postById(db, postGuid) : undefined]);
  const post = row ? ((await findPost(db, row.slug, { drafts: true })) ?? undefined) : postGuid ? undefined : null;
  return { categories, posts, post };
}
