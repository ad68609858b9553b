import { useTranslation } from "react-i18next";
import { type NotificationPreferences, PROJECT_NOTIFICATION_KINDS, type ProjectNotificationKind } from "../../../domain/notifications/preferences";
import { Switch } from "../../components/ui/switch";

export type Channel = keyof NotificationPreferences;
const CHANNELS: readonly Channel[] = ["in_app", "email"];

/** One row per kind of notification, with a switch for each way it can reach the participant. */
export function PreferencesTable({ preferences, onChange }: { preferences: NotificationPreferences; onChange: (channel: Channel, kind: ProjectNotificationKind, on: boolean) => void }) {
  const { t } = useTranslation("projects");
  return (
    <table className="w-full text-sm" data-testid="notification-preferences">
      <thead>
        <tr className="border-b border-[var(--border)] text-left">
          <th scope="col" className="muted px-6 py-2 text-xs font-semibold tracking-wide uppercase">
            {t("notificationSettings.event")}
          </th>
          {CHANNELS.map((c) => (
            <th key={c} scope="col" className="muted w-28 px-4 py-2 text-center text-xs font-semibold tracking-wide whitespace-nowrap uppercase">
              {t(`notificationSettings.channels.${c}`)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-[var(--border)]">
        {PROJECT_NOTIFICATION_KINDS.map((kind) => {
          const name = t(`notificationSettings.kinds.${kind}.label`);
          return (
            <tr key={kind} data-testid="notification-kind" data-kind={kind}>
              <th scope="row" className="px-6 py-3 text-left font-normal">
                <span className="block font-medium">{name}</span>
                <span className="muted block text-xs">{t(`notificationSettings.kinds.${kind}.hint`)}</span>
              </th>
              {CHANNELS.map((c) => (
                <td key={c} className="px-4 py-3 text-center">
                  <Switch
                    checked={preferences[c].includes(kind)}
                    onChange={(on) => onChange(c, kind, on)}
                    label={t(`notificationSettings.toggle.${c}`, { name })}
                    testId={`notify-${c}`}
                  />
                </td>
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
