import { useState } from "react";
import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { type HelpfulVote, helpArticlePath } from "../../domain/help/articles";
import { headTags } from "../../domain/seo/head";
import { cloudflareContext } from "../../workers/context";
import { languageOf } from "../../workers/services/i18n";
import { helpArticle, helpBundle, helpCategory } from "../../workers/services/site-content";
import { useApi } from "../features/shell/errors";
import { ArticleLinks, HelpBreadcrumb, LeadLink } from "../features/site/help-parts";
import { PublicPageError } from "../features/site/not-found-page";
import { pageHead } from "../features/site/page-head.server";
import { PublicPage } from "../features/site/public-page";
import type { Route } from "./+types/help-article";

/** `/help/{category}/{article}`: one article, "was this helpful?", and the topic's other articles. */
export function loader({ request, context, params }: Route.LoaderArgs) {
  const { env } = context.get(cloudflareContext);
  const language = languageOf(request);
  const category = helpCategory(language, params.category);
  const article = helpArticle(language, params.category, params.article);
  if (!category || !article) throw data(null, { status: 404 });
  const related = helpBundle(language)
    .articles.filter((a) => a.category === category.slug && a.slug !== article.slug)
    .map((a) => ({ path: helpArticlePath(a), title: a.title }));
  const head = pageHead(env, request, { language, path: helpArticlePath(article), title: article.title, description: article.summary, type: "article", article: { section: category.title } });
  return { head, category, article, related };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData ? headTags(loaderData.head) : [];
}

/** "Was this helpful?": one answer per visit, posted to `POST /api/v1/help/vote`. */
function HelpfulVoteForm({ category, article }: { category: string; article: string }) {
  const { t } = useTranslation("site");
  const api = useApi();
  const [voted, setVoted] = useState<HelpfulVote | null>(null);
  const vote = async (answer: HelpfulVote) => {
    const result = await api("POST", "/v1/help/vote", { category, article, vote: answer });
    if (!result.error) setVoted(answer);
  };
  return (
    <section className="card mt-10 flex flex-wrap items-center gap-3 p-4" aria-labelledby="helpful-title" data-testid="helpful-vote">
      <h2 id="helpful-title" className="font-semibold">
        {t("help.wasHelpful")}
      </h2>
      {voted ? (
        <p role="status" className="text-[var(--success)]">
          {t("help.thanks")}
        </p>
      ) : (
        <div className="flex gap-2">
          <button type="button" className="btn" onClick={() => void vote("yes")}>
            {t("help.yes")}
          </button>
          <button type="button" className="btn" onClick={() => void vote("no")}>
            {t("help.no")}
          </button>
        </div>
      )}
    </section>
  );
}

export default function HelpArticle({ loaderData: { category, article, related } }: Route.ComponentProps) {
  const { t } = useTranslation("site");
  return (
    <PublicPage>
      <HelpBreadcrumb category={category} />
      <article className="mt-2">
        <h1 className="text-3xl font-bold tracking-tight">{article.title}</h1>
        <p className="muted mt-2 text-lg">{article.summary}</p>
        <div className="mt-6 flex flex-col gap-4 leading-relaxed">
          {article.body.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </div>
      </article>
      {/* Keyed by article: moving to another article starts a fresh vote. */}
      <HelpfulVoteForm key={article.slug} category={category.slug} article={article.slug} />
      {related.length > 0 && (
        <section className="mt-10" aria-labelledby="related-title">
          <h2 id="related-title" className="font-semibold">
            {t("help.inCategory", { category: category.title })}
          </h2>
          <ArticleLinks className="mt-2" items={related} />
        </section>
      )}
      <LeadLink className="muted mt-10 text-sm" lead={t("help.stillStuck")} to="/contacts">
        {t("help.contactUs")}
      </LeadLink>
    </PublicPage>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PublicPageError error={error} />;
}
