import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { LANGUAGES, type Language } from "../../../domain/i18n/languages";
import { AppHeader } from "../shell/app-header";
import { FeedbackButton } from "../shell/feedback-dialog";

/** The frame of the blog's pages: header, a language bar of links (crawlable), the page, a footer. */
export function BlogFrame({ children, languages, current }: { children: React.ReactNode; languages: Partial<Record<Language, string>>; current: Language }) {
  const { t } = useTranslation();
  const { t: tb } = useTranslation("blog");
  return (
    <div className="flex min-h-screen flex-col">
      <AppHeader />
      <nav aria-label={tb("languages")} className="mx-auto flex w-full max-w-3xl flex-wrap items-center gap-2 px-4 pt-6 text-sm" data-testid="blog-languages">
        <span className="muted">{tb("readIn")}:</span>
        {LANGUAGES.filter((l) => languages[l]).map((l) =>
          l === current ? (
            <span key={l} aria-current="page" className="rounded-full bg-[var(--surface-2)] px-2.5 py-0.5 font-semibold" lang={l}>
              {t(`language.names.${l}`)}
            </span>
          ) : (
            <Link key={l} to={languages[l]!} hrefLang={l} lang={l} className="link rounded-full px-2.5 py-0.5" reloadDocument>
              {t(`language.names.${l}`)}
            </Link>
          ),
        )}
      </nav>
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-6">{children}</main>
      <footer className="muted mx-auto flex w-full max-w-3xl justify-end px-4 py-8 text-sm">
        <FeedbackButton />
      </footer>
    </div>
  );
}

/** What a blog page shows for a 404: a plain message with a way home. */
export function BlogMissing() {
  const { t } = useTranslation("blog");
  return (
    <div className="flex min-h-screen flex-col">
      <AppHeader />
      <main className="mx-auto flex max-w-lg flex-1 flex-col items-center justify-center gap-4 p-8 text-center" data-testid="blog-missing">
        <p className="muted text-6xl font-bold">404</p>
        <h1 className="text-xl font-semibold">{t("notFoundTitle")}</h1>
        <p className="muted">{t("notFoundBody")}</p>
        <Link className="btn btn-primary" to="/">
          {t("home")}
        </Link>
      </main>
    </div>
  );
}
