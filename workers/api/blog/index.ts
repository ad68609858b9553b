/**
 * The blog (spec §7 "Blog"): the public reading calls `/v1/category`, `/v1/posts`,
 * `/v1/allposts`, `/v1/post` and the covers; the site administrators' writing calls under
 * `/v1/blog`. An unknown category or post is a 404 with its own code, unlike an unknown route.
 */
import { Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { COVER_WIDTHS } from "../../../domain/blog/cover";
import { COVER_MAX_BYTES, PAGE_SIZE } from "../../../domain/blog/posts";
import { categoryBody, languageQuery, pageQuery, postBody } from "../../../domain/blog/schemas";
import type { Language } from "../../../domain/i18n/languages";
import {
  coverObject,
  createCategory,
  deletePost,
  findCategory,
  findPost,
  listAllPosts,
  listCategories,
  listPosts,
  postById,
  savePost,
  setCover,
} from "../../services/blog";
import { ApiProblem } from "../problem";
import type { AppEnv } from "../types";
import { parseWith, readJson } from "../validate";

/** Only a site administrator (`users.site_admin`, granted by `npm run admin`) writes the blog. */
export const requireSiteAdmin: MiddlewareHandler<AppEnv> = async (c, next) => {
  const user = c.get("user");
  if (!user) throw new ApiProblem(401, "unauthorized");
  if (!user.siteAdmin) throw new ApiProblem(403, "site_admin_required");
  await next();
};

const SAVE_STATUS = { category_not_found: 404, post_not_found: 404, slug_taken: 409, translation_taken: 409, publish_at_required: 400 } as const;
const COVER_STATUS = { cover_empty: 400, cover_too_large: 413, cover_type_refused: 415, cover_variant_invalid: 400 } as const;
const ENVELOPE = 64 * 1024;

/** The language of a listing: `?lng`, else the caller's. */
const lngOf = (c: { get(key: "lang"): Language }, query: { lng?: Language }) => query.lng ?? c.get("lang");

/** Answers readers may keep briefly; a change shows within a minute. */
const PUBLIC_CACHE = "public, max-age=60";

export const blogRoutes = new Hono<AppEnv>()
  .get("/v1/category/:slug", async (c) => {
    const query = parseWith(languageQuery, c.req.query());
    const category = await findCategory(c.get("db"), c.req.param("slug"), lngOf(c, query));
    if (!category) throw new ApiProblem(404, "category_not_found");
    const { id: _id, ...view } = category;
    c.header("Cache-Control", PUBLIC_CACHE);
    return c.json(view);
  })
  .get("/v1/posts/:slug", async (c) => {
    const query = parseWith(languageQuery, c.req.query());
    const db = c.get("db");
    const category = await findCategory(db, c.req.param("slug"), lngOf(c, query));
    if (!category) throw new ApiProblem(404, "category_not_found");
    const page = await listPosts(db, category.id, category.slug, category.language, { limit: PAGE_SIZE, offset: 0 });
    c.header("Cache-Control", PUBLIC_CACHE);
    return c.json(page.results);
  })
  .get("/v1/allposts/:slug", async (c) => {
    const query = parseWith(pageQuery, c.req.query());
    const db = c.get("db");
    const category = await findCategory(db, c.req.param("slug"), lngOf(c, query));
    if (!category) throw new ApiProblem(404, "category_not_found");
    const { version: _v, ...page } = await listPosts(db, category.id, category.slug, category.language, query);
    c.header("Cache-Control", PUBLIC_CACHE);
    return c.json(page);
  })
  .get("/v1/post/:slug", async (c) => {
    const post = await findPost(c.get("db"), c.req.param("slug"));
    if (!post) throw new ApiProblem(404, "post_not_found");
    c.header("Cache-Control", PUBLIC_CACHE);
    return c.json(post);
  })
  .get("/v1/blog/categories", async (c) => {
    const query = parseWith(languageQuery, c.req.query());
    return c.json(await listCategories(c.get("db"), lngOf(c, query)));
  })
  .get("/v1/blog/cover/:cover", async (c) => {
    const object = await coverObject(c.env, c.req.param("cover"));
    if (!object) throw new ApiProblem(404, "not_found");
    return new Response(object.body, {
      headers: {
        "Content-Type": object.httpMetadata?.contentType ?? "application/octet-stream",
        "Content-Length": String(object.size),
        // A cover's key is new for every upload: its bytes never change.
        "Cache-Control": "public, max-age=31536000, immutable",
        "X-Content-Type-Options": "nosniff",
        ETag: object.httpEtag,
      },
    });
  })
  .post("/v1/blog/categories", requireSiteAdmin, async (c) => {
    const body = await readJson(c, categoryBody);
    if (!(await createCategory(c.get("db"), body))) throw new ApiProblem(409, "slug_taken", { slug: "slug_taken" });
    return c.json(await findCategory(c.get("db"), body.slug, c.get("lang")).then((v) => v && { ...v, id: undefined }), 201);
  })
  .get("/v1/blog/posts", requireSiteAdmin, async (c) => c.json(await listAllPosts(c.get("db"))))
  .post("/v1/blog/posts", requireSiteAdmin, async (c) => {
    const body = await readJson(c, postBody);
    const result = await savePost(c.get("db"), c.get("user")!, body);
    if (!result.ok) throw new ApiProblem(SAVE_STATUS[result.reason], result.reason, { [fieldOf(result.reason)]: result.reason });
    return c.json(result.post, 201);
  })
  .get("/v1/blog/posts/:guid", requireSiteAdmin, async (c) => {
    const db = c.get("db");
    const row = await postById(db, c.req.param("guid"));
    const post = row && (await findPost(db, row.slug, { drafts: true }));
    if (!post) throw new ApiProblem(404, "post_not_found");
    return c.json(post);
  })
  .put("/v1/blog/posts/:guid", requireSiteAdmin, async (c) => {
    const db = c.get("db");
    const row = await postById(db, c.req.param("guid"));
    if (!row) throw new ApiProblem(404, "post_not_found");
    const body = await readJson(c, postBody);
    const result = await savePost(db, c.get("user")!, body, row);
    if (!result.ok) throw new ApiProblem(SAVE_STATUS[result.reason], result.reason, { [fieldOf(result.reason)]: result.reason });
    return c.json(result.post);
  })
  .delete("/v1/blog/posts/:guid", requireSiteAdmin, async (c) => {
    const db = c.get("db");
    const row = await postById(db, c.req.param("guid"));
    if (!row) throw new ApiProblem(404, "post_not_found");
    await deletePost(c.env, db, row);
    return c.body(null, 204);
  })
  .post(
    "/v1/blog/posts/:guid/cover",
    requireSiteAdmin,
    bodyLimit({
      maxSize: COVER_MAX_BYTES + ENVELOPE,
      onError: () => {
        throw new ApiProblem(413, "cover_too_large", { cover: "cover_too_large" });
      },
    }),
    async (c) => {
      const db = c.get("db");
      const row = await postById(db, c.req.param("guid"));
      if (!row) throw new ApiProblem(404, "post_not_found");
      let file: FormDataEntryValue | null = null;
      let variants: FormDataEntryValue[] = [];
      if ((c.req.header("Content-Type") ?? "").startsWith("multipart/form-data")) {
        try {
          const form = await c.req.formData();
          file = form.get("cover");
          variants = form.getAll("variant");
        } catch {
          throw new ApiProblem(400, "body_invalid");
        }
      }
      if (!(file instanceof File)) throw new ApiProblem(400, "cover_empty", { cover: "cover_empty" });
      if (variants.length > COVER_WIDTHS.length || variants.some((v) => !(v instanceof File))) throw new ApiProblem(400, "cover_variant_invalid", { cover: "cover_variant_invalid" });
      const copies = await Promise.all((variants as File[]).map(async (v) => new Uint8Array(await v.arrayBuffer())));
      const result = await setCover(c.env, db, row, new Uint8Array(await file.arrayBuffer()), copies);
      if (!result.ok) throw new ApiProblem(COVER_STATUS[result.reason], result.reason, { cover: result.reason });
      return c.json(result.post);
    },
  );

/** The form field a refusal of a save belongs to. */
function fieldOf(reason: keyof typeof SAVE_STATUS): string {
  return { category_not_found: "category", post_not_found: "translation_of", slug_taken: "slug", translation_taken: "language", publish_at_required: "publish_at" }[reason];
}

/** The multipart body of a cover upload, for the OpenAPI document. */
export const coverForm = {
  cover: { kind: "file", required: true, description: "PNG, JPEG or WebP, at most 5 MB." },
  variant: {
    kind: "file",
    required: false,
    description: "Repeatable: smaller copies of the cover (320, 640 or 960 pixels wide, narrower than the cover, same proportions), offered to readers through `srcset`.",
  },
} as const;
