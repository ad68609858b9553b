import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/** Help centre articles the app links to, by `category/article` (domain/help/content). */
export type HelpTopic =
  | "getting-started/create-workspace"
  | "getting-started/invite-team"
  | "getting-started/documents"
  | "getting-started/code"
  | "getting-started/meetings"
  | "planning/sprints-and-backlog"
  | "planning/custom-fields"
  | "estimation/planning-poker-room"
  | "account/notifications";

/** "How it works": a small link from an empty state or a settings page to its help article. */
export function HelpLink({ topic, className = "" }: { topic: HelpTopic; className?: string }) {
  const { t } = useTranslation("site");
  return (
    <Link className={`link text-sm ${className}`} to={`/help/${topic}`} data-testid="help-link">
      {t("helpLink")}
    </Link>
  );
}
