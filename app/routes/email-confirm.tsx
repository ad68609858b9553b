import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useRevalidator } from "react-router";
import { cloudflareContext } from "../../workers/context";
import { emailConfirmPage } from "../../workers/services/pages/viewer";
import { FormAlert } from "../components/ui/field";
import { serverErrors } from "../components/ui/form-errors";
import { AuthLayout } from "../features/auth/auth-layout";
import { useApi } from "../features/shell/errors";
import { viewerOf } from "../lib/viewer.server";
import type { Route } from "./+types/email-confirm";

/**
 * Reads the link without using it: a GET never confirms (mail scanners open links), and only the
 * signed-in user who asked for the change sees the address and the button.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { env } = context.get(cloudflareContext);
  const viewer = await viewerOf(request, env);
  if (!viewer) return { state: "signIn" as const, email: null };
  return emailConfirmPage(env, viewer.guid, params.uUid);
}

/** `/email/{uUid}`: confirms a new e-mail address from the link mailed to it. */
export default function EmailConfirm({ loaderData, params }: Route.ComponentProps) {
  const { t } = useTranslation("auth");
  const api = useApi();
  const { revalidate } = useRevalidator();
  const [done, setDone] = useState("");
  const [detail, setDetail] = useState("");
  const [busy, setBusy] = useState(false);
  const { state, email } = loaderData;

  const confirm = async () => {
    setDetail("");
    setBusy(true);
    const result = await api("POST", "/v1/changingme/confirm", { uuid: params.uUid }, { quiet: true });
    setBusy(false);
    if (result.error) return setDetail(serverErrors(result.error, t).detail);
    setDone(t("emailConfirm.done", { email }));
    await revalidate();
  };

  return (
    <AuthLayout title={t("emailConfirm.title")}>
      <div className="flex flex-col gap-4">
        {detail && <FormAlert tone="error">{detail}</FormAlert>}
        {state === "signIn" && (
          <>
            <p className="muted">{t("emailConfirm.signInHint")}</p>
            <Link className="btn btn-primary w-full" to={`/login?next=${encodeURIComponent(`/email/${params.uUid}`)}`}>
              {t("emailConfirm.signIn")}
            </Link>
          </>
        )}
        {state === "invalid" && !done && <FormAlert tone="error">{t("errors:link_invalid")}</FormAlert>}
        {state === "otherAccount" && <FormAlert tone="error">{t("errors:email_link_other_account")}</FormAlert>}
        {state === "ready" && !done && (
          <>
            <p>{t("emailConfirm.question", { email })}</p>
            <button type="button" className="btn btn-primary w-full" disabled={busy} onClick={() => void confirm()}>
              {t("emailConfirm.submit")}
            </button>
          </>
        )}
        {done && (
          <>
            <FormAlert tone="success">{done}</FormAlert>
            <Link className="btn w-full" to="/settings/profile">
              {t("emailConfirm.toSettings")}
            </Link>
          </>
        )}
      </div>
    </AuthLayout>
  );
}

export function ErrorBoundary() {
  const { t } = useTranslation("auth");
  return (
    <AuthLayout title={t("emailConfirm.title")}>
      <FormAlert tone="error">{t("errors:link_invalid")}</FormAlert>
    </AuthLayout>
  );
}
