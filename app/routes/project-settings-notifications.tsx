import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { type NotificationPreferences, PROJECT_NOTIFICATION_KINDS, preferencesBody } from "../../domain/notifications/preferences";
import { cloudflareContext } from "../../workers/context";
import { FormAlert } from "../components/ui/field";
import { serverErrors } from "../components/ui/form-errors";
import { Icon } from "../components/ui/icons";
import { loadNotificationSettings } from "../features/notifications/notification-settings-data.server";
import { type Channel, PreferencesTable } from "../features/notifications/preferences-table";
import { NoAccess } from "../features/projects/no-access";
import { useProject } from "../features/projects/use-project";
import { useApi } from "../features/shell/errors";
import { useSerial } from "../lib/use-serial";
import type { Route } from "./+types/project-settings-notifications";
import { HelpLink } from "../features/site/help-link";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { env } = context.get(cloudflareContext);
  return loadNotificationSettings(request, env, params.guid);
}

/** `/project/{guid}/settings/notifications`: what the signed-in participant hears about from this project. */
export default function ProjectSettingsNotifications(props: Route.ComponentProps) {
  return props.loaderData.allowed ? <NotificationSettings {...props} /> : <NoAccess />;
}

function NotificationSettings({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("projects");
  const project = useProject();
  const api = useApi();
  const serial = useSerial();
  const [preferences, setPreferences] = useState(loaderData.preferences);
  const [status, setStatus] = useState<"idle" | "saving" | "saved">("idle");
  const [error, setError] = useState("");
  // The last state the server confirmed, to fall back to when a change is refused.
  const confirmed = useRef(loaderData.preferences);
  const latest = useRef(0);
  useEffect(() => {
    confirmed.current = loaderData.preferences;
    setPreferences(loaderData.preferences);
  }, [loaderData.preferences]);

  // Saved on every change: each request carries the whole set, and only the newest answer is
  // shown, so quick toggles never flicker back while earlier answers arrive.
  const change = async (channel: Channel, kind: (typeof PROJECT_NOTIFICATION_KINDS)[number], on: boolean) => {
    setError("");
    const list = preferences[channel].filter((k) => k !== kind);
    const next: NotificationPreferences = { ...preferences, [channel]: on ? PROJECT_NOTIFICATION_KINDS.filter((k) => k === kind || list.includes(k)) : list };
    const parsed = preferencesBody.safeParse(next);
    if (!parsed.success) return;
    setPreferences(next);
    setStatus("saving");
    const id = ++latest.current;
    const result = await serial(() => api<NotificationPreferences>("PUT", `/v1/project/${project.guid}/notifications`, parsed.data, { quiet: true }));
    if (!result.error) confirmed.current = result.data;
    if (id !== latest.current) return;
    if (result.error) {
      setPreferences(confirmed.current);
      setStatus("idle");
      return setError(serverErrors(result.error, t).detail);
    }
    setPreferences(result.data);
    setStatus("saved");
  };

  return (
    <div className="flex min-w-0 flex-col gap-6">
      <div>
        <h2 className="text-lg font-semibold">{t("settings.tabs.notifications")}</h2>
        <p className="muted mt-1 max-w-2xl text-sm">{t("notificationSettings.intro", { project: project.name })}</p>
        <HelpLink topic="account/notifications" />
      </div>

      <section className="card overflow-hidden">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 px-6 pt-5 pb-3">
          <h3 className="font-semibold">{t("notificationSettings.title")}</h3>
          <span className="muted ml-auto text-sm" aria-live="polite" data-testid="notifications-save-state" data-state={status}>
            {status === "saving" ? t("notificationSettings.saving") : status === "saved" ? t("notificationSettings.saved") : t("notificationSettings.autosave")}
          </span>
        </div>
        <PreferencesTable preferences={preferences} onChange={change} />
        <p className="muted flex items-start gap-2 border-t border-[var(--border)] px-6 py-4 text-sm" data-testid="notifications-always">
          <Icon name="lock" size={16} className="mt-0.5 shrink-0" />
          {t("notificationSettings.always")}
        </p>
      </section>

      {error && (
        <div data-testid="notifications-error">
          <FormAlert tone="error">{error}</FormAlert>
        </div>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  const { t } = useTranslation("projects");
  return (
    <section className="card p-6" data-testid="notifications-error-boundary">
      <p>{t("notificationSettings.loadFailed")}</p>
    </section>
  );
}
