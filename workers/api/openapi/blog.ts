/** The blog: public reading and the site administrators' writing. */
import { categoryBody, languageQuery, pageQuery, postBody } from "../../../domain/blog/schemas";
import { coverForm } from "../blog";
import type { Operation } from "./registry";

const POST = { status: 200, description: "The post (`PostView`): Markdown and its rendered HTML, translations, previous and next." } as const;

export const blogOperations: Operation[] = [
  {
    method: "get", path: "/v1/category/:slug", tag: "Blog", access: "public", query: languageQuery,
    summary: "A blog category in a language (`?lng`, else the caller's).",
    ok: { status: 200, description: "`{slug, language, name, description, url, languages}`." }, errors: { 404: ["category_not_found"] },
  },
  {
    method: "get", path: "/v1/posts/:slug", tag: "Blog", access: "public", query: languageQuery,
    summary: "The latest public posts of a category in a language (one page).",
    ok: { status: 200, description: "An array of post summaries, newest first." }, errors: { 404: ["category_not_found"] },
  },
  {
    method: "get", path: "/v1/allposts/:slug", tag: "Blog", access: "public", query: pageQuery,
    summary: "A page of a category's public posts in a language, with the true total.",
    ok: { status: 200, description: "`{count, limit, offset, results}`." }, errors: { 400: ["limit_invalid", "offset_invalid"], 404: ["category_not_found"] },
  },
  { method: "get", path: "/v1/post/:slug", tag: "Blog", access: "public", summary: "A public post by its slug.", ok: POST, errors: { 404: ["post_not_found"] } },
  {
    method: "get", path: "/v1/blog/categories", tag: "Blog", access: "public", query: languageQuery,
    summary: "Every blog category in a language.", ok: { status: 200, description: "An array of categories." },
  },
  {
    method: "get", path: "/v1/blog/cover/:cover", tag: "Blog", access: "public",
    summary: "A post's cover image.", ok: { status: 200, description: "The image.", media: "image/*" }, errors: { 404: ["not_found"] },
  },
  {
    method: "post", path: "/v1/blog/categories", tag: "Blog", access: "site-admin",
    summary: "Create a category with its names in one or more languages.", body: { json: categoryBody },
    ok: { status: 201, description: "The category." }, errors: { 409: ["slug_taken"] },
  },
  { method: "get", path: "/v1/blog/posts", tag: "Blog", access: "site-admin", summary: "Every post, drafts included, last changed first.", ok: { status: 200, description: "An array of post summaries with their state." } },
  {
    method: "post", path: "/v1/blog/posts", tag: "Blog", access: "site-admin",
    summary: "Write a post (a draft, published, or scheduled), possibly as a translation of another.", body: { json: postBody },
    ok: { status: 201, description: POST.description }, errors: { 400: ["publish_at_required"], 404: ["category_not_found", "post_not_found"], 409: ["slug_taken", "translation_taken"] },
  },
  { method: "get", path: "/v1/blog/posts/:guid", tag: "Blog", access: "site-admin", summary: "A post in any state, for its editor.", ok: POST, errors: { 404: ["post_not_found"] } },
  {
    method: "put", path: "/v1/blog/posts/:guid", tag: "Blog", access: "site-admin",
    summary: "Rewrite a post: text, language, category, state, translation link.", body: { json: postBody },
    ok: POST, errors: { 400: ["publish_at_required"], 404: ["post_not_found", "category_not_found"], 409: ["slug_taken", "translation_taken"] },
  },
  { method: "delete", path: "/v1/blog/posts/:guid", tag: "Blog", access: "site-admin", summary: "Delete a post and its cover.", ok: { status: 204, description: "Deleted." }, errors: { 404: ["post_not_found"] } },
  {
    method: "post", path: "/v1/blog/posts/:guid/cover", tag: "Blog", access: "site-admin",
    summary: "Upload a post's cover image with its smaller copies (replaces the previous ones).", body: { multipart: coverForm },
    ok: POST, errors: { 400: ["cover_empty", "cover_variant_invalid"], 404: ["post_not_found"], 413: ["cover_too_large"], 415: ["cover_type_refused"] },
  },
];
