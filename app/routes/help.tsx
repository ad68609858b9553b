import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { HELP_QUERY_MAX, helpArticlePath } from "../../domain/help/articles";
import { headTags } from "../../domain/seo/head";
import { cloudflareContext } from "../../workers/context";
import { i18nFor, languageOf } from "../../workers/services/i18n";
import { helpBundle, searchHelp } from "../../workers/services/site-content";
import { ArticleCards, ArticleLinks, LeadLink } from "../features/site/help-parts";
import { HelpSearchForm } from "../features/site/help-search-form";
import { pageHead } from "../features/site/page-head.server";
import { PublicPage } from "../features/site/public-page";
import type { Route } from "./+types/help";

/** `/help`: the topics of the help centre, or with `?q=` the articles that match, found on the server. */
export function loader({ request, context }: Route.LoaderArgs) {
  const { env } = context.get(cloudflareContext);
  const language = languageOf(request);
  const t = i18nFor(language).getFixedT(language, "site");
  const query = (new URL(request.url).searchParams.get("q") ?? "").trim().slice(0, HELP_QUERY_MAX);
  const { categories, articles } = helpBundle(language);
  const results = query
    ? searchHelp(language, query).map(({ article, snippet }) => ({ path: helpArticlePath(article), title: article.title, snippet }))
    : null;
  const head = pageHead(env, request, {
    language,
    path: "/help",
    title: t("help.title"),
    description: t("help.description"),
    // A page of search results is not a page for search engines.
    noindex: Boolean(query),
  });
  return {
    head,
    query,
    results,
    categories: categories.map((c) => ({ ...c, articles: articles.filter((a) => a.category === c.slug).map((a) => ({ path: helpArticlePath(a), title: a.title })) })),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData ? headTags(loaderData.head) : [];
}

export default function Help({ loaderData: { query, results, categories } }: Route.ComponentProps) {
  const { t } = useTranslation("site");
  return (
    <PublicPage wide>
      <div className="mx-auto max-w-2xl text-center">
        <h1 className="text-4xl font-extrabold tracking-tight">{t("help.title")}</h1>
        <p className="muted mt-3 text-lg">{t("help.subtitle")}</p>
        <div className="mt-6">
          <HelpSearchForm query={query} />
        </div>
      </div>
      {results ? (
        <section className="mx-auto mt-10 max-w-3xl" aria-labelledby="help-results" data-testid="help-results">
          <h2 id="help-results" className="text-xl font-semibold">
            {t("help.resultsFor", { q: query })}
          </h2>
          {results.length === 0 ? (
            <LeadLink className="muted mt-4" lead={t("help.noResults", { q: query })} to="/contacts">
              {t("help.contactUs")}
            </LeadLink>
          ) : (
            <ArticleCards className="mt-4" items={results.map((r) => ({ path: r.path, title: r.title, text: r.snippet }))} />
          )}
        </section>
      ) : (
        <section className="mt-12" aria-labelledby="help-topics">
          <h2 id="help-topics" className="sr-only">
            {t("help.categories")}
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2">
            {categories.map((c) => (
              <li key={c.slug} className="card p-5">
                <h3 className="text-lg font-semibold">
                  <Link className="link font-semibold" to={`/help/${c.slug}`}>
                    {c.title}
                  </Link>
                </h3>
                <p className="muted mt-1 text-sm">{c.description}</p>
                <ArticleLinks className="mt-3 text-sm" items={c.articles} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </PublicPage>
  );
}
