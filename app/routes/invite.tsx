import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useRevalidator } from "react-router";
import { registerFromInviteBody } from "../../domain/projects/schemas";
import { cloudflareContext } from "../../workers/context";
import { invitePage } from "../../workers/services/pages/viewer";
import { Field, FormAlert } from "../components/ui/field";
import { serverErrors, zodFieldErrors } from "../components/ui/form-errors";
import { AuthLayout } from "../features/auth/auth-layout";
import { useApi } from "../features/shell/errors";
import { viewerOf } from "../lib/viewer.server";
import type { Route } from "./+types/invite";

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { env } = context.get(cloudflareContext);
  const [page, viewer] = await Promise.all([invitePage(env, params.inviteLink), viewerOf(request, env)]);
  return { ...page, viewer };
}

function Register({ link, email }: { link: string; email: string }) {
  const { t } = useTranslation("projects");
  const api = useApi();
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const [values, setValues] = useState({ name: "", newpass: "", repeatnewpass: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [detail, setDetail] = useState("");

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setDetail("");
    const parsed = registerFromInviteBody.safeParse(values);
    if (!parsed.success) return setErrors(zodFieldErrors(parsed.error, t));
    setErrors({});
    const result = await api<{ project: string }>("POST", `/v1/invite/${link}/register`, parsed.data, { quiet: true });
    if (result.error) {
      const s = serverErrors(result.error, t);
      setDetail(s.detail);
      return setErrors(s.fields);
    }
    await revalidate();
    await navigate(`/project/${result.data.project}`);
  };

  return (
    <form className="flex flex-col gap-4" onSubmit={submit} noValidate>
      <p className="muted text-sm">{t("invitePage.register", { email })}</p>
      {detail && <FormAlert tone="error">{detail}</FormAlert>}
      <Field label={t("auth:fields.name")} name="name" autoComplete="name" value={values.name} onChange={(e) => setValues({ ...values, name: e.target.value })} error={errors.name} />
      <Field label={t("auth:fields.password")} type="password" name="newpass" autoComplete="new-password" value={values.newpass} onChange={(e) => setValues({ ...values, newpass: e.target.value })} error={errors.newpass} />
      <Field label={t("auth:fields.repeatPassword")} type="password" name="repeatnewpass" autoComplete="new-password" value={values.repeatnewpass} onChange={(e) => setValues({ ...values, repeatnewpass: e.target.value })} error={errors.repeatnewpass} />
      <button className="btn btn-primary w-full" type="submit">
        {t("invitePage.join")}
      </button>
    </form>
  );
}

/** `/invite/{inviteLink}`: the page a mailed invitation opens. */
export default function InvitePage({ loaderData, params }: Route.ComponentProps) {
  const { t } = useTranslation("projects");
  const api = useApi();
  const navigate = useNavigate();
  const { revalidate } = useRevalidator();
  const { invite, viewer, hasAccount } = loaderData;

  if (!invite) {
    return (
      <AuthLayout title={t("invitePage.invalidTitle")}>
        <p className="muted">{t("invitePage.invalid")}</p>
        <Link className="btn btn-primary mt-6" to="/">
          {t("errors:backHome")}
        </Link>
      </AuthLayout>
    );
  }
  const answer = async (successfully: boolean) => {
    const result = await api("PUT", `/v1/project/invited/${invite.guid}`, { successfully });
    if (result.error) return;
    await revalidate();
    await navigate(successfully ? `/project/${invite.project.guid}` : "/project");
  };
  const title = t("invitePage.title", { project: invite.project.name });
  const body = t("notifications.inviteText", { name: invite.invited_by.name, project: invite.project.name, role: t(`roles.${invite.value}`) });
  return (
    <AuthLayout title={title} subtitle={body}>
      {viewer && viewer.email === invite.email ? (
        <div className="flex gap-3">
          <button type="button" className="btn btn-primary flex-1" onClick={() => answer(true)}>
            {t("notifications.accept")}
          </button>
          <button type="button" className="btn flex-1" onClick={() => answer(false)}>
            {t("notifications.decline")}
          </button>
        </div>
      ) : viewer ? (
        <FormAlert tone="error">{t("invitePage.otherAccount", { email: invite.email })}</FormAlert>
      ) : hasAccount ? (
        <Link className="btn btn-primary w-full" to={`/login?next=${encodeURIComponent(`/invite/${params.inviteLink}`)}`}>
          {t("invitePage.signIn")}
        </Link>
      ) : (
        <Register link={params.inviteLink} email={invite.email} />
      )}
    </AuthLayout>
  );
}
