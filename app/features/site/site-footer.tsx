import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { FeedbackButton } from "../shell/feedback-dialog";

/** Footer links of the public site, by key of the `site` bundle's `footer`. */
const PRODUCT_LINKS = [
  ["/help", "help"],
  ["/test", "tryIt"],
  ["/who-is-planning-poker", "whatIs"],
  ["/contacts", "contacts"],
] as const;
const LEGAL_LINKS = [
  ["/terms", "terms"],
  ["/privacy_policy", "privacy"],
  ["/license", "license"],
  ["/subscription_agreement", "subscription"],
  ["/terms_of_donate", "donate"],
  ["/data_consent", "consent"],
] as const;

/** The footer of the public pages: the help centre, the blog (when it has a category), contacts, the try-it table and the legal texts. */
export function SiteFooter({ blog }: { blog?: { url: string; name: string } | null }) {
  const { t } = useTranslation("site");
  const { t: tb } = useTranslation("blog");
  return (
    <footer className="border-t border-[var(--border)] bg-[var(--surface)]">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 text-sm sm:grid-cols-3">
        <div>
          <p className="font-semibold">{t("common:appName")}</p>
          <p className="muted mt-2">{t("landing:footer", { year: new Date().getFullYear() })}</p>
          <FeedbackButton className="mt-3" />
        </div>
        <nav aria-label={t("footer.product")}>
          <p className="font-semibold">{t("footer.product")}</p>
          <ul className="mt-2 flex flex-col gap-1">
            {PRODUCT_LINKS.map(([to, key]) => (
              <li key={to}>
                <Link className="link" to={to}>
                  {t(`footer.${key}`)}
                </Link>
              </li>
            ))}
            {blog && (
              <li>
                <Link className="link" to={blog.url} data-testid="footer-blog">
                  {tb("blog")}
                </Link>
              </li>
            )}
          </ul>
        </nav>
        <nav aria-label={t("footer.legal")}>
          <p className="font-semibold">{t("footer.legal")}</p>
          <ul className="mt-2 flex flex-col gap-1">
            {LEGAL_LINKS.map(([to, key]) => (
              <li key={to}>
                <Link className="link" to={to}>
                  {t(`footer.${key}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
