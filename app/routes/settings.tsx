import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { NavLink, redirect, useRevalidator } from "react-router";
import {
  AVATAR_MAX_BYTES,
  AVATAR_TYPES,
  PRESET_AVATARS,
  USER_COLORS,
  changePasswordBody,
  nameEmailBody,
  type WhoAmI,
} from "../../domain/auth/schemas";
import { LANGUAGES } from "../../domain/i18n/languages";
import { THEMES } from "../../domain/shell";
import { Avatar, avatarInitials } from "../components/ui/avatar";
import { TokensTab } from "../features/code/tokens-tab";
import { Field, FormAlert } from "../components/ui/field";
import { serverErrors, zodFieldErrors } from "../components/ui/form-errors";
import { BillingTab } from "../features/billing/receipts";
import { useApi } from "../features/shell/errors";
import { useChangeLanguage } from "../features/shell/preferences";
import { useTheme } from "../features/shell/theme";
import { useViewer } from "../features/shell/viewer";
import { cloudflareContext } from "../../workers/context";
import { pendingEmailPage } from "../../workers/services/pages/viewer";
import { viewerOf } from "../lib/viewer.server";
import { pageTitle } from "../lib/page-title";
import type { Route } from "./+types/settings";

const SETTINGS_TABS = ["profile", "password", "language", "theme", "billing", "tokens"] as const;
type Tab = (typeof SETTINGS_TABS)[number];

export async function loader({ params, request, context }: Route.LoaderArgs) {
  if (!params.action) return redirect("/settings/profile");
  if (!(SETTINGS_TABS as readonly string[]).includes(params.action)) return redirect("/settings/profile");
  const { env } = context.get(cloudflareContext);
  const viewer = params.action === "profile" ? await viewerOf(request, env) : null;
  // An address change waiting for its mailed link is shown until it is confirmed or expires.
  const pendingEmail = viewer ? await pendingEmailPage(env, viewer.guid) : null;
  return { tab: params.action as Tab, pendingEmail };
}

/** Save-state of one form: field errors, the server's message, a success note. */
function useFormState() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [detail, setDetail] = useState("");
  const [done, setDone] = useState("");
  const [busy, setBusy] = useState(false);
  const reset = () => {
    setErrors({});
    setDetail("");
    setDone("");
  };
  return { errors, setErrors, detail, setDetail, done, setDone, busy, setBusy, reset };
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="card p-6">
      <h2 className="mb-4 text-lg font-semibold">{title}</h2>
      {children}
    </section>
  );
}

function ProfileTab({ user, pendingEmail }: { user: WhoAmI; pendingEmail: string | null }) {
  const { t } = useTranslation("settings");
  const api = useApi();
  const { revalidate } = useRevalidator();
  const account = useFormState();
  const looks = useFormState();
  const upload = useFormState();
  const [name, setName] = useState(user.name);
  const [email, setEmail] = useState(user.email);
  const [password, setPassword] = useState("");
  const [sentTo, setSentTo] = useState(pendingEmail);
  const [color, setColor] = useState(user.color);
  const [preset, setPreset] = useState<string | null>(user.avatar && !user.avatar.startsWith("/") ? user.avatar : null);
  const fileRef = useRef<HTMLInputElement>(null);

  const saveAccount = async (e: FormEvent) => {
    e.preventDefault();
    account.reset();
    const parsed = nameEmailBody.safeParse({ name, email, ...(password ? { password } : {}) });
    if (!parsed.success) return account.setErrors(zodFieldErrors(parsed.error, t));
    const changesEmail = parsed.data.email !== user.email;
    if (changesEmail && !password) return account.setErrors({ password: t("errors:password_required") });
    account.setBusy(true);
    const result = await api<{ pending_email: string | null }>("PUT", "/v1/changingme", parsed.data, { quiet: true });
    account.setBusy(false);
    if (result.error) {
      const s = serverErrors(result.error, t);
      account.setDetail(s.detail);
      return account.setErrors(s.fields);
    }
    setPassword("");
    setSentTo(result.data.pending_email);
    if (changesEmail) setEmail(user.email);
    account.setDone(t("saved"));
    await revalidate();
  };

  const saveLooks = async (avatar: string | null, nextColor: string) => {
    looks.reset();
    const result = await api("PUT", "/v1/changingme", { name: user.name, color: nextColor, avatar }, { quiet: true });
    if (result.error) return looks.setDetail(serverErrors(result.error, t).detail);
    looks.setDone(t("saved"));
    await revalidate();
  };

  const uploadAvatar = async (file: File | undefined) => {
    upload.reset();
    if (!file) return;
    if (file.size > AVATAR_MAX_BYTES) return upload.setDetail(t("errors:avatar_too_large"));
    const form = new FormData();
    form.set("avatar", file);
    upload.setBusy(true);
    const result = await api("PUT", "/v1/changingme", form, { quiet: true });
    upload.setBusy(false);
    if (fileRef.current) fileRef.current.value = "";
    if (result.error) return upload.setDetail(serverErrors(result.error, t).detail);
    upload.setDone(t("saved"));
    await revalidate();
  };

  return (
    <div className="flex flex-col gap-6">
      <Section title={t("profile.account")}>
        {/* POST: a submit before the page hydrates must not put the password into the URL. */}
        <form method="post" className="flex flex-col gap-4" onSubmit={saveAccount} noValidate>
          {account.detail && <FormAlert tone="error">{account.detail}</FormAlert>}
          {account.done && <FormAlert tone="success">{account.done}</FormAlert>}
          <Field label={t("profile.name")} name="name" value={name} onChange={(e) => setName(e.target.value)} error={account.errors.name} />
          <Field label={t("profile.email")} name="email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} error={account.errors.email} />
          {sentTo && <FormAlert tone="success">{t("profile.emailSent", { email: sentTo })}</FormAlert>}
          {/* Changing the address needs the current password; a name change alone does not. */}
          {email.trim().toLowerCase() !== user.email && (
            <Field
              label={t("profile.password")}
              name="password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={account.errors.password}
            />
          )}
          {email.trim().toLowerCase() !== user.email && <p className="muted -mt-2 text-xs">{t("profile.passwordHint")}</p>}
          <div>
            <button className="btn btn-primary" disabled={account.busy} type="submit">
              {t("save")}
            </button>
          </div>
        </form>
      </Section>
      <Section title={t("profile.picture")}>
        <div className="flex flex-col gap-5">
          {looks.detail && <FormAlert tone="error">{looks.detail}</FormAlert>}
          {upload.detail && <FormAlert tone="error">{upload.detail}</FormAlert>}
          {(looks.done || upload.done) && <FormAlert tone="success">{looks.done || upload.done}</FormAlert>}
          <div className="flex items-center gap-4">
            <Avatar user={user} size={64} />
            <label className="btn cursor-pointer">
              {upload.busy ? t("profile.uploading") : t("profile.upload")}
              <input
                ref={fileRef}
                type="file"
                accept={AVATAR_TYPES.join(",")}
                className="sr-only"
                data-testid="avatar-input"
                onChange={(e) => void uploadAvatar(e.target.files?.[0])}
              />
            </label>
            <span className="muted text-xs">{t("profile.uploadHint")}</span>
          </div>
          <div>
            <p className="label">{t("profile.preset")}</p>
            <div className="flex flex-wrap gap-2">
              {[null, ...PRESET_AVATARS].map((p) => (
                <button
                  key={p ?? "initials"}
                  type="button"
                  aria-pressed={preset === p}
                  // The initials button shows the letters: its name must contain them (WCAG 2.5.3).
                  aria-label={p ? t(`profile.presets.${p}`) : `${avatarInitials(user.name)} (${t("profile.presets.initials")})`}
                  className={`rounded-full p-0.5 ${preset === p ? "ring-2 ring-[var(--primary)]" : ""}`}
                  onClick={() => {
                    setPreset(p);
                    void saveLooks(p, color);
                  }}
                >
                  <Avatar user={{ name: user.name, color, avatar: p }} size={40} />
                </button>
              ))}
            </div>
          </div>
          <div>
            <p className="label">{t("profile.color")}</p>
            <div className="flex flex-wrap gap-2">
              {USER_COLORS.map((c) => (
                <button
                  key={c}
                  type="button"
                  aria-pressed={color === c}
                  aria-label={c}
                  className={`h-8 w-8 rounded-full ${color === c ? "ring-2 ring-offset-2 ring-[var(--primary)] ring-offset-[var(--surface)]" : ""}`}
                  style={{ background: c }}
                  onClick={() => {
                    setColor(c);
                    void saveLooks(preset ?? (user.avatar?.startsWith("/") ? null : user.avatar), c);
                  }}
                />
              ))}
            </div>
          </div>
        </div>
      </Section>
    </div>
  );
}

function PasswordTab() {
  const { t } = useTranslation("settings");
  const api = useApi();
  const form = useFormState();
  const [values, setValues] = useState({ oldpass: "", newpass: "", repeatnewpass: "" });
  const set = (k: keyof typeof values) => (e: React.ChangeEvent<HTMLInputElement>) => setValues({ ...values, [k]: e.target.value });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    form.reset();
    const parsed = changePasswordBody.safeParse(values);
    if (!parsed.success) return form.setErrors(zodFieldErrors(parsed.error, t));
    form.setBusy(true);
    const result = await api("PUT", "/v1/changepass", parsed.data, { quiet: true });
    form.setBusy(false);
    if (result.error) {
      const s = serverErrors(result.error, t);
      form.setDetail(s.detail);
      return form.setErrors(s.fields);
    }
    setValues({ oldpass: "", newpass: "", repeatnewpass: "" });
    form.setDone(t("password.changed"));
  };

  return (
    <Section title={t("password.title")}>
      {/* POST: a submit before the page hydrates must not put the password into the URL. */}
      <form method="post" className="flex max-w-md flex-col gap-4" onSubmit={submit} noValidate>
        {form.detail && <FormAlert tone="error">{form.detail}</FormAlert>}
        {form.done && <FormAlert tone="success">{form.done}</FormAlert>}
        <Field label={t("password.old")} type="password" name="oldpass" autoComplete="current-password" value={values.oldpass} onChange={set("oldpass")} error={form.errors.oldpass} />
        <Field label={t("password.new")} type="password" name="newpass" autoComplete="new-password" value={values.newpass} onChange={set("newpass")} error={form.errors.newpass} />
        <Field label={t("password.repeat")} type="password" name="repeatnewpass" autoComplete="new-password" value={values.repeatnewpass} onChange={set("repeatnewpass")} error={form.errors.repeatnewpass} />
        <p className="muted text-xs">{t("password.hint")}</p>
        <div>
          <button className="btn btn-primary" disabled={form.busy} type="submit">
            {t("password.submit")}
          </button>
        </div>
      </form>
    </Section>
  );
}

function ChoiceList<T extends string>({ name, options, value, label, onChange }: { name: string; options: readonly T[]; value: string; label: (o: T) => string; onChange: (o: T) => void }) {
  return (
    <div className="grid gap-2 sm:grid-cols-2" role="radiogroup">
      {options.map((o) => (
        <label key={o} className={`card flex cursor-pointer items-center gap-3 p-4 ${value === o ? "border-[var(--primary)]" : ""}`}>
          <input type="radio" name={name} value={o} checked={value === o} onChange={() => onChange(o)} className="accent-[var(--primary)]" />
          <span className="font-medium">{label(o)}</span>
        </label>
      ))}
    </div>
  );
}

function LanguageTab() {
  const { t, i18n } = useTranslation("settings");
  const change = useChangeLanguage();
  return (
    <Section title={t("language.title")}>
      <ChoiceList name="language" options={LANGUAGES} value={i18n.language} label={(l) => t(`common:language.names.${l}`)} onChange={(l) => void change(l)} />
    </Section>
  );
}

function ThemeTab() {
  const { t } = useTranslation("settings");
  const { theme, setTheme } = useTheme();
  return (
    <Section title={t("theme.title")}>
      <ChoiceList name="theme" options={THEMES} value={theme} label={(o) => t(`common:theme.names.${o}`)} onChange={setTheme} />
    </Section>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, { key: "common:shell.titles.settings" });
}

/** `/settings/{action}`: the user's own settings, one tab per action. */
export default function Settings({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("settings");
  const user = useViewer();
  const api = useApi();
  const { tab, pendingEmail } = loaderData;

  useEffect(() => {
    // Remember where the user was (spec: `PUT /changingme {tab}`); failures need no toast.
    void api("PUT", "/v1/changingme", { tab: `settings/${tab}` }, { quiet: true });
  }, [api, tab]);

  if (!user) return null;
  return (
    <main className="mx-auto grid max-w-6xl gap-8 px-4 py-10 md:grid-cols-[200px_minmax(0,48rem)]">
      <div>
        <h1 className="mb-4 text-2xl font-bold tracking-tight">{t("title")}</h1>
        <nav className="scroll-row flex gap-1 md:flex-col" aria-label={t("title")}>
          {SETTINGS_TABS.map((k) => (
            <NavLink
              key={k}
              to={`/settings/${k}`}
              className={({ isActive }) => `shrink-0 rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap ${isActive ? "bg-[var(--surface-2)] text-[var(--primary)]" : "hover:bg-[var(--surface-2)]"}`}
            >
              {t(`tabs.${k}`)}
            </NavLink>
          ))}
        </nav>
      </div>
      <div>
        {tab === "profile" && <ProfileTab key={user.guid} user={user} pendingEmail={pendingEmail} />}
        {tab === "password" && <PasswordTab />}
        {tab === "language" && <LanguageTab />}
        {tab === "theme" && <ThemeTab />}
        {tab === "billing" && <BillingTab />}
        {tab === "tokens" && <TokensTab />}
      </div>
    </main>
  );
}
