import { type FormEvent, useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useRevalidator } from "react-router";
import { INVITE_ROLES, type InviteRole, flagsForRole } from "../../domain/projects/roles";
import { inviteBody } from "../../domain/projects/schemas";
import type { InviteView } from "../../domain/wire/live/hub";
import { cloudflareContext } from "../../workers/context";
import type { ParticipantView } from "../../workers/services/projects";
import { Avatar } from "../components/ui/avatar";
import { useConfirm } from "../components/ui/dialog";
import { FormAlert } from "../components/ui/field";
import { serverErrors, zodFieldErrors } from "../components/ui/form-errors";
import { useHubMessages } from "../features/hub/hub-provider";
import { NoAccess } from "../features/projects/no-access";
import { loadRootOnly } from "../features/projects/project-data.server";
import { useProject } from "../features/projects/use-project";
import { useApi } from "../features/shell/errors";
import { showUndoToast } from "../features/shell/undo-toast";
import type { Route } from "./+types/project-settings-team";
import { HelpLink } from "../features/site/help-link";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { env } = context.get(cloudflareContext);
  return loadRootOnly(request, env, params.guid);
}

function RoleSelect({ value, onChange, label, testId }: { value: string; onChange: (role: InviteRole) => void; label: string; testId?: string }) {
  const { t } = useTranslation("projects");
  return (
    <select className="input w-auto py-1.5 text-sm" aria-label={label} value={value} onChange={(e) => onChange(e.target.value as InviteRole)} data-testid={testId}>
      {INVITE_ROLES.map((r) => (
        <option key={r} value={r}>
          {t(`roles.${r}`)}
        </option>
      ))}
    </select>
  );
}

/** `/project/{guid}/settings/team`: participants, their access, and invitations (root only). */
export default function ProjectSettingsTeam({ loaderData, params }: Route.ComponentProps) {
  return loaderData.allowed ? <Team /> : <NoAccess adminsOf={params.guid} />;
}

function Team() {
  const { t } = useTranslation("projects");
  const [confirmDialog, ask] = useConfirm();
  const project = useProject();
  const api = useApi();
  const { revalidate } = useRevalidator();
  const [invites, setInvites] = useState<InviteView[]>([]);
  const [emails, setEmails] = useState("");
  const [role, setRole] = useState<InviteRole>("member");
  const [error, setError] = useState("");
  const [done, setDone] = useState("");
  // Participants removed a moment ago, hidden before the server answers.
  const [leaving, setLeaving] = useState<string[]>([]);
  const team = (project.participants?.results ?? []).filter((p) => !leaving.includes(p.access_project.guid));

  const loadInvites = useCallback(async () => {
    const result = await api<InviteView[]>("GET", `/v1/project/${project.guid}/invite`);
    if (result.data) setInvites(result.data);
  }, [api, project.guid]);
  useEffect(() => void loadInvites(), [loadInvites]);
  // An invitee answering elsewhere shows up here without a reload.
  useHubMessages((m) => {
    if (m.type === "notification" && m.notification.project === project.guid) void loadInvites();
  });

  const invite = async (e: FormEvent) => {
    e.preventDefault();
    setError("");
    setDone("");
    const list = emails
      .split(/[\s,;]+/)
      .filter(Boolean)
      .map((email) => ({ email, value: role }));
    const parsed = inviteBody.safeParse(list);
    if (!parsed.success) return setError(Object.values(zodFieldErrors(parsed.error, t))[0] ?? "");
    const result = await api<InviteView[]>("POST", `/v1/project/${project.guid}/invite`, parsed.data, { quiet: true });
    if (result.error) return setError(serverErrors(result.error, t).detail);
    setEmails("");
    setDone(t("team.invited", { count: result.data.length }));
    await loadInvites();
  };

  const setAccess = async (p: ParticipantView, change: Record<string, boolean>) => {
    if (!(await api("PUT", `/v1/project/${project.guid}/access/${p.access_project.guid}`, change)).error) await revalidate();
  };
  // No confirm dialog (issue 15): the row leaves at once and the toast offers Undo, which puts
  // the same access back (the server keeps it for an hour, domain/projects/participant-trash.ts).
  // Leaving oneself cannot be undone from a page one no longer sees: that still asks first.
  const removeParticipant = async (p: ParticipantView) => {
    const guid = p.access_project.guid;
    const path = `/v1/project/${project.guid}/access/${guid}`;
    if (guid === project.access.guid) {
      if ((await ask({ question: t("team.confirmLeave"), confirm: t("common:confirm.remove"), cancel: t("common:confirm.cancel") })) && !(await api("DELETE", path)).error) await revalidate();
      return;
    }
    const show = () => setLeaving((list) => list.filter((g) => g !== guid));
    setLeaving((list) => [...list, guid]);
    if ((await api("DELETE", path)).error) return show();
    await revalidate();
    show();
    showUndoToast({
      message: t("team.removedToast", { name: p.name }),
      undo: t("team.undo"),
      onUndo: async () => {
        if (!(await api("POST", `${path}/restore`)).error) await revalidate();
      },
    });
  };
  const changeInvite = async (guid: string, value: InviteRole) => {
    const result = await api<InviteView[]>("PUT", `/v1/project/${project.guid}/invite/${guid}`, { value });
    if (result.data) setInvites(result.data);
  };
  const withdraw = async (guid: string) => {
    if (!(await api("DELETE", `/v1/project/${project.guid}/invite/${guid}`)).error) setInvites((list) => list.filter((i) => i.guid !== guid));
  };

  return (
    <div className="flex flex-col gap-6">
      {confirmDialog}
      <section className="card p-6">
        <h2 className="text-lg font-semibold">{t("team.inviteTitle")}</h2>
        <p className="muted mt-1 mb-4 text-sm">
          {t("team.inviteHint")} <HelpLink topic="getting-started/invite-team" />
        </p>
        <form className="flex flex-col gap-3 sm:flex-row sm:items-start" onSubmit={invite} noValidate>
          <input className="input flex-1" aria-label={t("team.emails")} placeholder={t("team.emailsPlaceholder")} value={emails} onChange={(e) => setEmails(e.target.value)} data-testid="invite-emails" />
          <RoleSelect value={role} onChange={setRole} label={t("team.role")} testId="invite-role" />
          <button className="btn btn-primary" type="submit" data-testid="invite-submit">
            {t("team.invite")}
          </button>
        </form>
        <div className="mt-3">
          {error && <FormAlert tone="error">{error}</FormAlert>}
          {done && <FormAlert tone="success">{done}</FormAlert>}
        </div>
      </section>

      <section className="card overflow-hidden">
        <h2 className="px-6 pt-6 text-lg font-semibold">{t("team.members", { count: team.length })}</h2>
        <ul className="mt-3 divide-y divide-[var(--border)]" data-testid="team-list">
          {team.map((p) => (
            <li key={p.guid} className="flex flex-wrap items-center gap-3 px-6 py-3" data-testid="team-member" data-email={p.email}>
              <Avatar user={p} size={36} />
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium">{p.name}</p>
                <p className="muted truncate text-sm">{p.email}</p>
              </div>
              {p.role === "owner" ? (
                <span className="muted text-sm">{t("roles.owner")}</span>
              ) : (
                <>
                  {!p.access_project.is_verifications && (
                    <button type="button" className="btn py-1 text-sm" onClick={() => setAccess(p, { is_verifications: true })}>
                      {t("team.verify")}
                    </button>
                  )}
                  <RoleSelect value={p.role} label={t("team.roleOf", { name: p.name })} onChange={(r) => setAccess(p, flagsForRole(r))} />
                  <button type="button" className="btn btn-ghost py-1 text-sm text-[var(--danger)]" onClick={() => removeParticipant(p)} data-testid="remove-member">
                    {t("team.remove")}
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      </section>

      <section className="card overflow-hidden">
        <h2 className="px-6 pt-6 text-lg font-semibold">{t("team.pending", { count: invites.length })}</h2>
        {invites.length === 0 ? (
          <p className="muted px-6 py-4 text-sm">{t("team.noPending")}</p>
        ) : (
          <ul className="mt-3 divide-y divide-[var(--border)]" data-testid="pending-invites">
            {invites.map((i) => (
              <li key={i.guid} className="flex flex-wrap items-center gap-3 px-6 py-3" data-testid="pending-invite" data-email={i.email}>
                <span className="min-w-0 flex-1 truncate">{i.email}</span>
                <RoleSelect value={i.value} label={t("team.roleOf", { name: i.email })} onChange={(r) => changeInvite(i.guid, r)} />
                <button type="button" className="btn btn-ghost py-1 text-sm text-[var(--danger)]" onClick={() => withdraw(i.guid)}>
                  {t("team.withdraw")}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
