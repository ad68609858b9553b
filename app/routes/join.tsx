import { type FormEvent, useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, redirect } from "react-router";
import { cloudflareContext } from "../../workers/context";
import { joinPage } from "../../workers/services/pages/rooms";
import { Field, FormAlert } from "../components/ui/field";
import { Icon } from "../components/ui/icons";
import { MAX_NAME_LENGTH } from "../../domain/rooms/poker";
import { joinInput } from "../../domain/rooms/schemas";
import { AuthLayout, GuestBar } from "../features/auth/auth-layout";
import { RoomHost } from "../features/rooms/room-host";
import { roomPath, type RoomDetails } from "../features/rooms/types";
import { Spinner } from "../features/shell/spinner";
import { useViewer } from "../features/shell/viewer";
import { apiCall } from "../lib/api";
import { useApiForm } from "../lib/use-api-form";
import type { Route } from "./+types/join";

const NAME_MAX = MAX_NAME_LENGTH;
/** How often a waiting guest asks whether the owner admitted them (they have no socket yet). */
const WAIT_POLL_MS = 2500;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { env } = context.get(cloudflareContext);
  const page = await joinPage(env, request, params.roomUid);
  // The project's own people open the room inside their project.
  if (page.inProject) throw redirect(roomPath(page.inProject.project, page.inProject));
  return { room: page.room };
}

function GuestShell({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col">
      <header className="border-b border-[var(--border)] bg-[var(--surface)]">
        <div className="mx-auto flex w-full max-w-6xl items-center gap-2 px-4 py-3">
          <GuestBar />
        </div>
      </header>
      <div className="flex-1">{children}</div>
    </div>
  );
}

type Stage = { at: "checking" } | { at: "form"; refused?: boolean } | { at: "waiting" } | { at: "in"; room: RoomDetails };

/** Where this browser stands with the room: already a member (a ticket cookie), waiting, or not yet. */
async function readStage(roomGuid: string): Promise<Stage> {
  const r = await apiCall<RoomDetails>("GET", `/v1/rooms/${roomGuid}`);
  if (r.error || !r.data.you) return { at: "form" };
  return r.data.you.verified ? { at: "in", room: r.data } : { at: "waiting" };
}

function JoinForm({ roomGuid, title, refused, onJoined }: { roomGuid: string; title: string; refused?: boolean; onJoined: (verified: boolean) => void }) {
  const { t } = useTranslation("rooms");
  const viewer = useViewer();
  const [name, setName] = useState(viewer?.name ?? "");
  const [spectator, setSpectator] = useState(false);
  const { errors, detail, busy, send } = useApiForm(t);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    // A name is what makes this a guest's join (the API's `{}` is for project people).
    const parsed = joinInput.required({ name: true }).safeParse({ name, read: spectator });
    const r = await send(parsed, (body) => apiCall<{ member: string; verified: boolean }>("POST", `/v1/rooms/${roomGuid}/join`, body));
    if (!r) return;
    onJoined(r.data.verified);
  };
  return (
    <AuthLayout title={t("join.title", { title })} subtitle={t("join.subtitle")}>
      <form className="flex flex-col gap-4" onSubmit={submit} noValidate data-testid="join-form">
        {refused && <FormAlert tone="error">{t("join.refused")}</FormAlert>}
        {detail && <FormAlert tone="error">{detail}</FormAlert>}
        <Field label={t("join.name")} name="name" autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} error={errors.name} maxLength={NAME_MAX} autoFocus data-testid="join-name" />
        <label className="flex items-start gap-2.5 text-sm">
          <input type="checkbox" className="mt-0.5" checked={spectator} onChange={(e) => setSpectator(e.target.checked)} data-testid="join-spectator" />
          <span>
            <span className="block font-medium">{t("join.spectator")}</span>
            <span className="muted block text-xs">{t("join.spectatorHint")}</span>
          </span>
        </label>
        <button className="btn btn-primary w-full" type="submit" disabled={busy} data-testid="join-submit">
          {t("join.submit")}
        </button>
        {!viewer && (
          <p className="muted text-center text-xs">
            {t("join.haveAccount")}{" "}
            <Link className="link" to={`/login?next=${encodeURIComponent(`/join/${roomGuid}`)}`}>
              {t("join.signIn")}
            </Link>
          </p>
        )}
      </form>
    </AuthLayout>
  );
}

/** `/join/{roomUid}`: a guest with only a name joins a room by its link (spec §2). */
export default function Join({ loaderData, params }: Route.ComponentProps) {
  const { t } = useTranslation("rooms");
  const viewer = useViewer();
  const [stage, setStage] = useState<Stage>({ at: "checking" });
  const check = useCallback(async () => setStage(await readStage(params.roomUid)), [params.roomUid]);
  useEffect(() => {
    void check();
  }, [check]);
  // While the owner decides, ask again now and then; admitted → the room, refused → the form.
  useEffect(() => {
    if (stage.at !== "waiting") return;
    const timer = setInterval(() => {
      void readStage(params.roomUid).then((next) => {
        if (next.at === "in") setStage(next);
        else if (next.at === "form") setStage({ at: "form", refused: true });
      });
    }, WAIT_POLL_MS);
    return () => clearInterval(timer);
  }, [params.roomUid, stage.at]);

  const { room } = loaderData;
  if (!room) {
    return (
      <AuthLayout title={t("join.missingTitle")}>
        <p className="muted" data-testid="join-missing">
          {t("join.missingBody")}
        </p>
        <Link className="btn btn-primary mt-6" to="/">
          {t("errors:backHome")}
        </Link>
      </AuthLayout>
    );
  }
  if (stage.at === "checking") return <Spinner fullHeight />;
  if (stage.at === "in") {
    return (
      <GuestShell>
        <RoomHost room={stage.room} />
      </GuestShell>
    );
  }
  if (stage.at === "waiting") {
    return (
      <AuthLayout title={t("join.waitingTitle")} subtitle={t("join.waitingBody", { title: room.title })}>
        <div className="flex items-center gap-3 rounded-lg bg-[var(--surface-2)] p-4" role="status" aria-live="polite" data-testid="join-waiting">
          <span className="spinner h-6! w-6! shrink-0" aria-hidden="true" />
          <span className="text-sm">{t("join.waitingNote")}</span>
        </div>
      </AuthLayout>
    );
  }
  if (room.archived) {
    return (
      <AuthLayout title={room.title}>
        <p className="muted flex items-center gap-2" data-testid="join-archived">
          <Icon name="archive" size={18} />
          {t("join.archived")}
        </p>
      </AuthLayout>
    );
  }
  if (!room.guests) {
    return (
      <AuthLayout title={t("join.closedTitle", { title: room.title })}>
        <p className="muted flex items-center gap-2" data-testid="join-closed">
          <Icon name="shield" size={18} />
          {t("join.closedBody")}
        </p>
        {viewer ? (
          <Link className="btn btn-primary mt-6" to="/">
            {t("errors:backHome")}
          </Link>
        ) : (
          <Link className="btn btn-primary mt-6" to={`/login?next=${encodeURIComponent(`/join/${room.guid}`)}`}>
            {t("join.signIn")}
          </Link>
        )}
      </AuthLayout>
    );
  }
  return <JoinForm roomGuid={room.guid} title={room.title} refused={stage.refused} onJoined={(verified) => (verified ? void check() : setStage({ at: "waiting" }))} />;
}

export function ErrorBoundary() {
  const { t } = useTranslation("rooms");
  return (
    <AuthLayout title={t("join.missingTitle")}>
      <p className="muted">{t("join.missingBody")}</p>
    </AuthLayout>
  );
}
