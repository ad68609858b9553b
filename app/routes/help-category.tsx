import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { helpArticlePath } from "../../domain/help/articles";
import { headTags } from "../../domain/seo/head";
import { cloudflareContext } from "../../workers/context";
import { languageOf } from "../../workers/services/i18n";
import { helpBundle, helpCategory } from "../../workers/services/site-content";
import { ArticleCards, HelpBreadcrumb } from "../features/site/help-parts";
import { HelpSearchForm } from "../features/site/help-search-form";
import { PublicPageError } from "../features/site/not-found-page";
import { pageHead, siteOrigin } from "../features/site/page-head.server";
import { PublicPage } from "../features/site/public-page";
import type { Route } from "./+types/help-category";

/** `/help/{category}`: the articles of one topic, with a FAQPage description for search engines. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  const { env } = context.get(cloudflareContext);
  const language = languageOf(request);
  const category = helpCategory(language, params.category);
  if (!category) throw data(null, { status: 404 });
  const articles = helpBundle(language).articles.filter((a) => a.category === category.slug);
  const origin = siteOrigin(env, request);
  const faq = {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    inLanguage: language,
    mainEntity: articles.map((a) => ({
      "@type": "Question",
      name: a.title,
      url: `${origin}${helpArticlePath(a)}?lng=${language}`,
      acceptedAnswer: { "@type": "Answer", text: [a.summary, ...a.body].join(" ") },
    })),
  };
  const head = pageHead(env, request, { language, path: `/help/${category.slug}`, title: category.title, description: category.description, jsonLd: [faq] });
  return { head, category, articles: articles.map((a) => ({ path: helpArticlePath(a), title: a.title, summary: a.summary })) };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData ? headTags(loaderData.head) : [];
}

export default function HelpCategory({ loaderData: { category, articles } }: Route.ComponentProps) {
  const { t } = useTranslation("site");
  return (
    <PublicPage>
      <HelpBreadcrumb />
      <h1 className="mt-2 text-3xl font-bold tracking-tight">{category.title}</h1>
      <p className="muted mt-2">{category.description}</p>
      <div className="mt-6">
        <HelpSearchForm />
      </div>
      <p className="muted mt-6 text-sm">{t("help.articles", { count: articles.length })}</p>
      <ArticleCards className="mt-2" items={articles.map((a) => ({ path: a.path, title: a.title, text: a.summary }))} />
    </PublicPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PublicPageError error={error} />;
}
