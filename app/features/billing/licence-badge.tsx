import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useHub } from "../hub/hub-provider";
import { useViewer } from "../shell/viewer";

/**
 * The viewer's plan in the header. It starts from the page's data and follows
 * `update_license_user` from the user hub, so a payment shows in every open tab without reload.
 */
export function LicenceBadge() {
  const { t } = useTranslation("billing");
  const user = useViewer();
  const { state } = useHub();
  if (!user) return null;
  const type = state.license?.type_license ?? user.license.type_license;
  const paid = type !== "free";
  return (
    <Link
      to="/price"
      data-testid="licence-badge"
      data-licence={type}
      className={`hidden rounded-full px-2.5 py-0.5 text-xs font-semibold sm:inline-block ${paid ? "bg-[var(--primary)] text-[var(--primary-text)]" : "bg-[var(--surface-2)] text-[var(--muted)]"}`}
    >
      {t("badge.label", { type: t(`types.${type}`, { defaultValue: type }) })}
    </Link>
  );
}
