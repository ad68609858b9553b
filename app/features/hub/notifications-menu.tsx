import { useTranslation } from "react-i18next";
import { useNavigate, useRevalidator } from "react-router";
import { formatRelativeTime } from "../../../domain/time/format";
import type { NotificationView } from "../../../domain/wire/live/hub";
import { Icon } from "../../components/ui/icons";
import { Popover } from "../../components/ui/popover";
import { useApi } from "../shell/errors";
import { useHub } from "./hub-provider";

function NotificationText({ n }: { n: NotificationView }) {
  const { t } = useTranslation("projects");
  const p = n.payload as Record<string, string | boolean | undefined>;
  return <>{t(`notifications.kinds.${n.kind}`, { project: p.project ?? "", name: p.name ?? p.by ?? "", defaultValue: t("notifications.kinds.other") })}</>;
}

/** The bell in the header: pending invitations to answer and the latest notifications. */
export function NotificationsMenu() {
  const { t, i18n } = useTranslation("projects");
  const { state, dispatch } = useHub();
  const api = useApi();
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const count = state.invites.length + state.notifications.filter((n) => !n.read).length;

  const answer = async (guid: string, successfully: boolean, projectGuid: string, close: () => void) => {
    const result = await api("PUT", `/v1/project/invited/${guid}`, { successfully });
    if (result.error) return;
    dispatch({ type: "removeInvite", guid });
    await revalidate();
    if (successfully) {
      close();
      await navigate(`/project/${projectGuid}`);
    }
  };
  const remove = async (id: string) => {
    if (!(await api("DELETE", `/v1/my-notification/${id}`)).error) dispatch({ type: "removeNotification", id });
  };
  const clear = async () => {
    if (!(await api("DELETE", "/v1/my-notifications")).error) dispatch({ type: "clear" });
  };

  return (
    <Popover
      label={t("notifications.title")}
      buttonLabel={t("notifications.open", { count })}
      buttonClassName="btn btn-ghost relative px-2.5"
      buttonTestId="notifications-bell"
      panelClassName="w-[22rem] max-w-[90vw] overflow-hidden"
      panelTestId="notifications-panel"
      button={
        <>
          <Icon name="bell" size={18} />
          {count > 0 && (
            <span className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-[var(--danger)] px-1 text-center text-[11px] leading-5 font-bold text-[var(--on-danger)]" data-testid="notifications-count">
              {count}
            </span>
          )}
        </>
      }
    >
      {(close) => (
        <>
          <div className="flex items-center justify-between border-b border-[var(--border)] px-4 py-3">
            <h2 className="font-semibold">{t("notifications.title")}</h2>
            {(state.notifications.length > 0 || state.invites.length > 0) && (
              <button type="button" className="link text-sm" onClick={clear}>
                {t("notifications.clear")}
              </button>
            )}
          </div>
          <div className="max-h-[60vh] overflow-y-auto">
            {state.invites.length === 0 && state.notifications.length === 0 && <p className="muted px-4 py-8 text-center text-sm">{t("notifications.empty")}</p>}
            {state.invites.map((invite) => (
              <div key={invite.guid} className="border-b border-[var(--border)] px-4 py-3" data-testid="invite-item">
                <p className="text-sm">{t("notifications.inviteText", { name: invite.invited_by.name, project: invite.project.name, role: t(`roles.${invite.value}`) })}</p>
                <div className="mt-2 flex gap-2">
                  <button type="button" className="btn btn-primary py-1 text-sm" onClick={() => answer(invite.guid, true, invite.project.guid, close)}>
                    {t("notifications.accept")}
                  </button>
                  <button type="button" className="btn py-1 text-sm" onClick={() => answer(invite.guid, false, invite.project.guid, close)}>
                    {t("notifications.decline")}
                  </button>
                </div>
              </div>
            ))}
            {state.notifications.map((n) => (
              <div key={n.id} className="group flex items-start gap-2 border-b border-[var(--border)] px-4 py-3" data-testid="notification-item">
                <div className="flex-1 text-sm">
                  <p>
                    <NotificationText n={n} />
                  </p>
                  <p className="muted mt-0.5 text-xs">{formatRelativeTime(n.created_at, Date.now(), i18n.language)}</p>
                </div>
                <button type="button" className="muted px-1 text-lg leading-none hover:text-[var(--text)]" aria-label={t("notifications.remove")} onClick={() => remove(n.id)}>
                  ×
                </button>
              </div>
            ))}
          </div>
        </>
      )}
    </Popover>
  );
}
