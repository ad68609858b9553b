import { useTranslation } from "react-i18next";
import { Link, data, isRouteErrorResponse } from "react-router";
import { PAGE_SIZE, categoryPath, feedPath } from "../../domain/blog/posts";
import { LANGUAGES } from "../../domain/i18n/languages";
import { absolute, headTags, withLanguage } from "../../domain/seo/head";
import { cloudflareContext } from "../../workers/context";
import { blogCategoryPage } from "../../workers/services/pages/blog";
import { i18nFor, languageOf } from "../../workers/services/i18n";
import { Icon } from "../components/ui/icons";
import { BlogFrame, BlogMissing } from "../features/blog/blog-frame";
import { PostCard } from "../features/blog/post-card";
import { publicCacheHeaders } from "../lib/public-cache.server";
import { siteOf } from "../lib/public-head.server";
import type { Route } from "./+types/blog-category";

/** `/{slug}/category?lng=xx&page=n`: a blog category's public posts in one language, newest first. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { env } = context.get(cloudflareContext);
  const url = new URL(request.url);
  const lng = languageOf(request);
  const page = Number(url.searchParams.get("page") ?? "1");
  if (!Number.isInteger(page) || page < 1 || page > 10_000) throw data(null, { status: 404 });
  const found = await blogCategoryPage(env, params.slug, lng, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  if (!found) throw data(null, { status: 404 });
  const { category, list } = found;
  const pages = Math.max(1, Math.ceil(list.count / PAGE_SIZE));
  if (page > pages) throw data(null, { status: 404 });
  const t = i18nFor(lng).t;
  const path = categoryPath(category.slug);
  const site = siteOf(request, env, lng);
  const pageQuery = page > 1 ? `?page=${page}` : "";
  const feed = feedPath(category.slug, lng);
  const head = {
    ...site,
    path: path + pageQuery,
    language: lng,
    title: page > 1 ? `${t("blog:categoryTitle", { category: category.name })} · ${t("blog:pageOf", { page, pages })}` : t("blog:categoryTitle", { category: category.name }),
    description: category.description || t("blog:categoryTitle", { category: category.name }),
    feeds: [{ href: feed, title: `${category.name} · ${t("blog:rss")}` }],
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "Blog",
        name: category.name,
        description: category.description || category.name,
        inLanguage: lng,
        url: absolute(site.origin, withLanguage(path, lng)),
        blogPost: list.results.map((p) => ({ "@type": "BlogPosting", headline: p.title, url: absolute(site.origin, p.url), datePublished: p.published_at ? new Date(p.published_at).toISOString() : undefined })),
      },
    ],
  };
  const languages = Object.fromEntries(LANGUAGES.map((l) => [l, withLanguage(path, l)]));
  return data({ category, list, page, pages, lng, head, feed, languages }, { headers: publicCacheHeaders(request, `cat-${category.slug}-${lng}-${page}-${list.version}`) });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData ? headTags(loaderData.head) : [{ title: "404" }, { name: "robots", content: "noindex" }];
}

export default function BlogCategory({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("blog");
  const { category, list, page, pages, lng, feed, languages } = loaderData;
  const pageLink = (n: number) => `${withLanguage(categoryPath(category.slug), lng)}${n > 1 ? `&page=${n}` : ""}`;
  return (
    <BlogFrame languages={languages} current={lng}>
      <header className="mb-8 flex flex-wrap items-end justify-between gap-4" lang={lng}>
        <div>
          <p className="text-sm font-semibold text-[var(--primary)]">{t("blog")}</p>
          <h1 className="text-3xl font-extrabold tracking-tight" data-testid="category-title">
            {category.name}
          </h1>
          {category.description && <p className="muted mt-2">{category.description}</p>}
        </div>
        <a href={feed} className="btn" data-testid="rss-link" type="application/rss+xml">
          <Icon name="rss" size={16} />
          {t("rss")}
        </a>
      </header>
      {list.results.length === 0 ? (
        <p className="card muted p-8 text-center" data-testid="blog-empty">
          {t("empty")}
        </p>
      ) : (
        <ul className="flex flex-col gap-5" data-testid="post-list" lang={lng}>
          {list.results.map((post) => (
            <PostCard key={post.guid} post={post} />
          ))}
        </ul>
      )}
      {pages > 1 && (
        <nav className="mt-8 flex items-center justify-between gap-4" aria-label={t("pageOf", { page, pages })} data-testid="blog-paging">
          {page > 1 ? (
            <Link to={pageLink(page - 1)} rel="prev" className="btn">
              ← {t("newer")}
            </Link>
          ) : (
            <span />
          )}
          <span className="muted text-sm">{t("pageOf", { page, pages })}</span>
          {page < pages ? (
            <Link to={pageLink(page + 1)} rel="next" className="btn">
              {t("older")} →
            </Link>
          ) : (
            <span />
          )}
        </nav>
      )}
    </BlogFrame>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <BlogMissing />;
  throw error;
}
