/**
 * The edge cache of public pages (workers/site/page-cache.ts) in workerd, with the real Cache API
 * and D1: the page renderer is a stand-in that counts its calls and shows the post as stored.
 */
import { createExecutionContext, waitOnExecutionContext } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { newNonce } from "../../domain/http/security-headers";
import { getDb } from "../../workers/db/client";
import type { Env } from "../../workers/env";
import { findPost } from "../../workers/services/blog";
import { PAGE_CACHE_HEADER, throughPageCache } from "../../workers/site/page-cache";
import { blogCategory, blogPost, siteAdmin } from "../fixtures/blog";
import { ORIGIN, call } from "../fixtures/http";

const workerEnv = env as unknown as Env;
let admin: Awaited<ReturnType<typeof siteAdmin>>;
let category: string;

beforeAll(async () => {
  admin = await siteAdmin();
  category = await blogCategory(admin);
});

/** A Worker that renders a post page as the real one would: fresh nonce, the post's title. */
function site(build = "b1") {
  let renders = 0;
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const ctx = createExecutionContext();
    const request = new Request(`${ORIGIN}${path}`, { headers });
    const res = await throughPageCache(request, workerEnv, ctx, build, async () => {
      renders += 1;
      const slug = new URL(request.url).pathname.split("/").pop()!;
      const post = await findPost(getDb(workerEnv.DB), slug);
      const nonce = newNonce();
      return new Response(`<html><body><h1>${post?.title}</h1><script nonce="${nonce}">1</script></body></html>`, {
        headers: { "Content-Type": "text/html", "Content-Security-Policy": `script-src 'self' 'nonce-${nonce}'` },
      });
    });
    const text = await res.text();
    await waitOnExecutionContext(ctx);
    return { res, text, cache: res.headers.get(PAGE_CACHE_HEADER) };
  };
  return { get, renders: () => renders };
}

describe("the edge cache of public pages", () => {
  it("serves a guest's second request from the cache and shows an edit right after it is saved", async () => {
    const post = await blogPost(admin, { category, title: "First title" });
    const path = `/${category}/category/post/${post.slug}?lng=en`;
    const { get, renders } = site();

    const first = await get(path);
    expect(first.cache).toBe("miss");
    expect(first.text).toContain("First title");
    expect(first.res.headers.get("Cache-Control")).toBe("public, max-age=0, must-revalidate");
    expect(first.res.headers.get("Vary")).toBe("Cookie, Accept-Language");
    const etag = first.res.headers.get("ETag")!;
    expect(etag).toBeTruthy();

    const second = await get(path);
    expect(second.cache).toBe("hit");
    expect(renders()).toBe(1);
    expect(second.text.replace(/nonce="[^"]+"/, "")).toBe(first.text.replace(/nonce="[^"]+"/, ""));
    expect(second.res.headers.get("Cache-Control")).toBe("public, max-age=0, must-revalidate");
    // Every answer still has its own script nonce, on the element and in the policy alike.
    const nonce = /nonce="([^"]+)"/.exec(second.text)![1]!;
    expect(first.text).not.toContain(nonce);
    expect(second.res.headers.get("Content-Security-Policy")).toContain(`'nonce-${nonce}'`);
    // A browser holding the page revalidates it for nothing.
    const revalidated = await get(path, { "If-None-Match": etag });
    expect(revalidated.res.status).toBe(304);
    expect(renders()).toBe(1);

    const edit = await call("PUT", `/api/v1/blog/posts/${post.guid}`, {
      cookie: admin.cookie,
      body: { slug: post.slug, language: "en", category, title: "Edited title", excerpt: "Short.", body: "Some *text*.", state: "published" },
    });
    expect(edit.status, edit.text).toBe(200);
    const afterEdit = await get(path);
    expect(afterEdit.cache).toBe("miss");
    expect(afterEdit.text).toContain("Edited title");
    expect(renders()).toBe(2);
    expect((await get(path, { "If-None-Match": etag })).res.status).toBe(200);
    expect((await get(path)).cache).toBe("hit");
  });

  it("keeps each language apart and never serves or keeps a signed-in visitor's page or a search", async () => {
    const post = await blogPost(admin, { category, title: "Languages" });
    const path = `/${category}/category/post/${post.slug}`;
    const { get, renders } = site();

    expect((await get(path, { "Accept-Language": "de" })).cache).toBe("miss");
    expect((await get(path, { "Accept-Language": "de" })).cache).toBe("hit");
    expect((await get(path, { "Accept-Language": "es" })).cache).toBe("miss");
    expect((await get(`${path}?lng=de`)).cache).toBe("hit");
    expect(renders()).toBe(2);

    for (let i = 0; i < 2; i++) expect((await get(path, { Cookie: admin.cookie, "Accept-Language": "de" })).cache).toBeNull();
    for (let i = 0; i < 2; i++) expect((await get("/help?q=deck&lng=en")).cache).toBeNull();
    expect(renders()).toBe(6);
  });

  it("does not serve a page kept by another build", async () => {
    const post = await blogPost(admin, { category, title: "Builds" });
    const path = `/${category}/category/post/${post.slug}?lng=en`;
    expect((await site("old").get(path)).cache).toBe("miss");
    expect((await site("new").get(path)).cache).toBe("miss");
    expect((await site("new").get(path)).cache).toBe("hit");
  });
});
