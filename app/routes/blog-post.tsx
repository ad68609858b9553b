import { useTranslation } from "react-i18next";
import { Link, data, isRouteErrorResponse, redirect } from "react-router";
import { categoryPath, feedPath } from "../../domain/blog/posts";
/** The cover spans the article column: max-w-3xl less its padding, or the screen less it. */
const POST_COVER_SIZES = "(min-width: 768px) 736px, calc(100vw - 2rem)";
import { absolute, blogPostingLd, headTags } from "../../domain/seo/head";
import { cloudflareContext } from "../../workers/context";
import { blogPostPage } from "../../workers/services/pages/blog";
import { i18nFor } from "../../workers/services/i18n";
import { Icon } from "../components/ui/icons";
import { BlogFrame, BlogMissing } from "../features/blog/blog-frame";
import { formatPostDate } from "../features/blog/dates";
import { PostCover } from "../features/blog/post-cover";
import { publicCacheHeaders } from "../lib/public-cache.server";
import { siteOf } from "../lib/public-head.server";
import { viewerOf } from "../lib/viewer.server";
import type { Route } from "./+types/blog-post";

/**
 * `/{category}/category/post/{slug}`: one post, rendered on the server. Its language is the
 * post's own; a site administrator also sees drafts and scheduled posts (never indexed).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { env } = context.get(cloudflareContext);
  const viewer = await viewerOf(request, env);
  const post = await blogPostPage(env, params.postSlug, viewer?.site_admin === true);
  if (!post) throw data(null, { status: 404 });
  // A post moved to another category keeps working at its old address.
  if (post.category !== params.slug) throw redirect(post.url, 301);
  const lng = post.language;
  const t = i18nFor(lng).t;
  const site = siteOf(request, env, lng);
  const isPublic = post.state !== "draft" && post.published_at !== null && post.published_at <= Date.now();
  const alternates = Object.fromEntries([[post.language, post.url], ...post.translations.map((tr) => [tr.language, tr.url])]);
  const url = absolute(site.origin, post.url);
  const image = post.cover ? { url: post.cover.url, width: post.cover.width, height: post.cover.height, alt: post.cover.alt } : undefined;
  const published = new Date(post.published_at ?? post.updated_at).toISOString();
  const modified = new Date(post.updated_at).toISOString();
  const head = {
    ...site,
    path: categoryPath(post.category) + `/post/${post.slug}`,
    language: lng,
    title: post.title,
    description: post.excerpt || post.title,
    canonical: post.url,
    alternates,
    image,
    type: "article" as const,
    article: { publishedTime: published, modifiedTime: modified, section: post.category_name },
    feeds: [{ href: feedPath(post.category, lng), title: `${post.category_name} · ${t("blog:rss")}` }],
    noindex: !isPublic,
    jsonLd: [
      blogPostingLd({ url, title: post.title, description: post.excerpt || post.title, language: lng, published, modified, author: post.author ?? undefined, image: image && absolute(site.origin, image.url), siteName: site.siteName, origin: site.origin, section: post.category_name }),
    ],
  };
  const version = `post-${post.guid}-${post.updated_at}-${post.previous?.slug ?? ""}-${post.next?.slug ?? ""}-${post.translations.map((x) => x.slug).join(".")}`;
  const headers = isPublic ? publicCacheHeaders(request, version) : { "Cache-Control": "private, no-store" };
  return data({ post, head, isPublic, alternates }, { headers });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData ? headTags(loaderData.head) : [{ title: "404" }, { name: "robots", content: "noindex" }];
}

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("blog");
  const { t: tc } = useTranslation();
  const { post, isPublic, alternates } = loaderData;
  const lng = post.language;
  return (
    <BlogFrame languages={alternates} current={lng}>
      <article lang={lng} data-testid="blog-post" data-slug={post.slug}>
        {!isPublic && (
          <p className="mb-4 rounded-lg border border-[var(--border)] bg-[var(--surface-2)] px-4 py-2 text-sm" data-testid="draft-notice">
            {t("draftNotice")}
          </p>
        )}
        <p className="text-sm">
          <Link to={`${categoryPath(post.category)}?lng=${lng}`} className="link font-semibold">
            {post.category_name}
          </Link>
        </p>
        <h1 className="mt-2 text-3xl leading-tight font-extrabold tracking-tight sm:text-4xl" data-testid="post-title">
          {post.title}
        </h1>
        <p className="muted mt-3 text-sm">
          {post.author && <>{post.author} · </>}
          {post.published_at && <time dateTime={new Date(post.published_at).toISOString()}>{formatPostDate(post.published_at, lng)}</time>}
          {" · "}
          <span data-testid="reading-time">{t("readingTime", { count: post.reading_minutes })}</span>
        </p>
        {post.cover && (
          <PostCover cover={post.cover} sizes={POST_COVER_SIZES} priority className="mt-6 aspect-[1200/630] w-full rounded-xl object-cover" testId="post-cover" />
        )}
        {/* domain/blog/markdown escapes every character of the source and keeps only checked addresses. */}
        <div className="post-body mt-8" data-testid="post-body" dangerouslySetInnerHTML={{ __html: post.html }} />
      </article>
      {post.translations.length > 0 && (
        <aside className="card mt-10 p-4 text-sm" data-testid="post-translations">
          <h2 className="font-semibold">{t("alsoIn")}</h2>
          <ul className="mt-2 flex flex-wrap gap-3">
            {post.translations.map((tr) => (
              <li key={tr.slug}>
                <a href={tr.url} hrefLang={tr.language} lang={tr.language} className="link">
                  {tc(`language.names.${tr.language}`)}: {tr.title}
                </a>
              </li>
            ))}
          </ul>
        </aside>
      )}
      <nav className="mt-10 grid gap-4 sm:grid-cols-2" aria-label={t("blog")} data-testid="post-neighbours">
        {post.previous ? (
          <Link to={post.previous.url} rel="prev" className="card p-4 hover:border-[var(--primary)]">
            <span className="muted text-xs">← {t("previous")}</span>
            <span className="mt-1 block font-semibold">{post.previous.title}</span>
          </Link>
        ) : (
          <span />
        )}
        {post.next ? (
          <Link to={post.next.url} rel="next" className="card p-4 text-right hover:border-[var(--primary)]">
            <span className="muted text-xs">{t("next")} →</span>
            <span className="mt-1 block font-semibold">{post.next.title}</span>
          </Link>
        ) : (
          <span />
        )}
      </nav>
      <p className="mt-8 flex flex-wrap items-center justify-between gap-3 text-sm">
        <Link to={`${categoryPath(post.category)}?lng=${lng}`} className="link" data-testid="back-to-category">
          {t("back", { category: post.category_name })}
        </Link>
        <a href={feedPath(post.category, lng)} className="link inline-flex items-center gap-1" type="application/rss+xml">
          <Icon name="rss" size={14} />
          {t("rss")}
        </a>
      </p>
    </BlogFrame>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <BlogMissing />;
  throw error;
}
