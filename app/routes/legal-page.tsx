import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";
import { LANGUAGES } from "../../domain/i18n/languages";
import { headTags, withLanguage } from "../../domain/seo/head";
import { isLegalPath } from "../../domain/site/legal";
import { cloudflareContext } from "../../workers/context";
import { i18nFor, languageOf } from "../../workers/services/i18n";
import { legalDocument } from "../../workers/services/site-content";
import { pageHead } from "../features/site/page-head.server";
import { PublicPage } from "../features/site/public-page";
import type { Route } from "./+types/legal-page";

/**
 * `/terms`, `/privacy_policy`, `/terms_of_donate`, `/license`, `/subscription_agreement`,
 * `/data_consent`, `/who-is-planning-poker`: one module, the bundle chosen by the path
 * (domain/site/legal.ts), the operator's details filled in from configuration.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  const { env } = context.get(cloudflareContext);
  const path = new URL(request.url).pathname;
  if (!isLegalPath(path)) throw data(null, { status: 404 });
  const language = languageOf(request);
  const doc = legalDocument(env, language, path, i18nFor(language).t("common:appName"));
  return { doc, path, head: pageHead(env, request, { language, path, title: doc.title, description: doc.description }) };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData ? headTags(loaderData.head) : [];
}

const anchor = (i: number) => `section-${i + 1}`;

export default function LegalPage({ loaderData: { doc, path } }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("site");
  return (
    <PublicPage>
      <article className="flex flex-col gap-6" data-testid="legal-page">
        <header>
          <h1 className="text-3xl font-bold tracking-tight">{doc.title}</h1>
          {doc.updated && <p className="muted mt-2 text-sm">{doc.updated}</p>}
          <nav className="mt-3 flex flex-wrap items-center gap-2 text-sm" aria-label={t("legal.otherLanguages")}>
            <span className="muted">{t("legal.otherLanguages")}:</span>
            {LANGUAGES.filter((l) => l !== i18n.language).map((l) => (
              <Link key={l} className="link" to={withLanguage(path, l)} hrefLang={l} lang={l} reloadDocument>
                {t(`common:language.names.${l}`)}
              </Link>
            ))}
          </nav>
        </header>
        <p className="text-lg">{doc.intro}</p>
        {doc.sections.length > 3 && (
          <nav className="card p-4 text-sm" aria-labelledby="legal-toc">
            <h2 id="legal-toc" className="font-semibold">
              {t("legal.onThisPage")}
            </h2>
            <ol className="mt-2 flex flex-col gap-1">
              {doc.sections.map((s, i) => (
                <li key={anchor(i)}>
                  <a className="link" href={`#${anchor(i)}`}>
                    {s.heading}
                  </a>
                </li>
              ))}
            </ol>
          </nav>
        )}
        {doc.sections.map((s, i) => (
          <section key={anchor(i)} id={anchor(i)} className="flex flex-col gap-2">
            <h2 className="text-xl font-semibold">{s.heading}</h2>
            {s.body.map((p) => (
              <p key={p} className="leading-relaxed">
                {p}
              </p>
            ))}
          </section>
        ))}
        {path === "/who-is-planning-poker" && (
          <p>
            <Link className="btn btn-primary" to="/test">
              {t("footer.tryIt")}
            </Link>
          </p>
        )}
      </article>
    </PublicPage>
  );
}
