import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Icon } from "../components/ui/icons";
import { NoAccess } from "../features/projects/no-access";
import { useProject } from "../features/projects/use-project";
import { PersonBadge } from "../features/rooms/person-badge";
import { GuestsToggle, VerificationToggle } from "../features/rooms/room-header";
import { roomPath } from "../features/rooms/types";
import { useRoomDetails } from "../features/rooms/use-room-details";
import { useApi } from "../features/shell/errors";
import { Spinner } from "../features/shell/spinner";
import { useViewer } from "../features/shell/viewer";
import { RoomMissing } from "./project-room-poker";
import type { Route } from "./+types/project-verify";

interface Waiting {
  member: string;
  name: string;
  role: "voter" | "spectator";
}

/** How often the list of waiting guests is read again: they knock over HTTP, not a socket. */
const POLL_MS = 3000;

/** `/project/{guid}/verify/{roomUid}`: the room owner admits or refuses guests waiting to join. */
export default function ProjectVerify({ params }: Route.ComponentProps) {
  const { t } = useTranslation("rooms");
  const project = useProject();
  const api = useApi();
  const viewer = useViewer();
  const details = useRoomDetails(params.roomUid, { joinAsParticipant: false });
  const [waiting, setWaiting] = useState<Waiting[] | null>(null);
  const [decided, setDecided] = useState<{ name: string; admit: boolean }[]>([]);

  const read = useCallback(async () => {
    const r = await api<{ results: Waiting[] }>("GET", `/v1/rooms/${params.roomUid}/verify`, undefined, { quiet: true });
    if (!r.error) setWaiting(r.data.results);
  }, [api, params.roomUid]);
  const isOwner = details.state === "ready" && viewer?.guid === details.room.owner;
  useEffect(() => {
    if (!isOwner) return;
    void read();
    const timer = setInterval(() => void read(), POLL_MS);
    return () => clearInterval(timer);
  }, [isOwner, read]);

  const decide = async (person: Waiting, admit: boolean) => {
    const r = await api("POST", `/v1/rooms/${params.roomUid}/verify`, { member: person.member, admit });
    if (r.error) return;
    setDecided((prev) => [{ name: person.name, admit }, ...prev].slice(0, 10));
    setWaiting((prev) => prev?.filter((p) => p.member !== person.member) ?? null);
  };

  if (details.state === "loading") return <Spinner />;
  if (details.state === "missing") return <RoomMissing projectGuid={project.guid} />;
  const { room } = details;
  if (!isOwner) {
    return (
      <main className="mx-auto max-w-lg px-4 py-24 text-center" data-testid="verify-not-owner">
        <p className="muted">{t("verify.ownerOnly")}</p>
        <Link className="btn btn-primary mt-4" to={roomPath(project.guid, room)}>
          {t("verify.backToRoom", { title: room.title })}
        </Link>
      </main>
    );
  }
  return (
    <main className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-6" data-testid="verify-page">
      <Link to={roomPath(project.guid, room)} className="muted inline-flex w-fit items-center gap-1 text-sm hover:text-[var(--text)]">
        <Icon name="arrowLeft" size={16} />
        {t("verify.backToRoom", { title: room.title })}
      </Link>
      <div>
        <h2 className="text-xl font-semibold">{t("verify.title")}</h2>
        <p className="muted text-sm">{t("verify.subtitle", { title: room.title })}</p>
      </div>
      <div className="card p-4">
        <GuestsToggle roomGuid={room.guid} open={room.guests ?? false} />
        <p className="muted mt-2 mb-3 text-xs">{t("verify.guestsHint")}</p>
        <VerificationToggle room={room} />
        <p className="muted mt-2 text-xs">{t("verify.requireHint")}</p>
      </div>
      <section className="card p-4" aria-labelledby="waiting-title">
        <h3 id="waiting-title" className="text-sm font-semibold">
          {t("verify.waiting")}
        </h3>
        {waiting === null ? (
          <p className="muted mt-3 text-sm" role="status">
            {t("loading")}
          </p>
        ) : waiting.length === 0 ? (
          <p className="muted mt-3 text-sm" data-testid="verify-empty">
            {t("verify.nobody")}
          </p>
        ) : (
          <ul className="mt-3 flex flex-col divide-y divide-[var(--border)]" aria-live="polite">
            {waiting.map((p) => (
              <li key={p.member} className="flex flex-wrap items-center gap-3 py-2.5" data-testid="verify-guest" data-name={p.name}>
                <PersonBadge id={p.member} name={p.name} size={32} />
                <span className="min-w-0 flex-1">
                  <span className="block truncate font-medium">{p.name}</span>
                  <span className="muted block text-xs">{t(`poker.roles.${p.role}`)}</span>
                </span>
                <button type="button" className="btn px-3 py-1.5 text-sm hover:text-[var(--danger)]" onClick={() => void decide(p, false)} data-testid="verify-refuse" aria-label={t("verify.refuseNamed", { name: p.name })}>
                  {t("verify.refuse")}
                </button>
                <button type="button" className="btn btn-primary px-3 py-1.5 text-sm" onClick={() => void decide(p, true)} data-testid="verify-admit" aria-label={t("verify.admitNamed", { name: p.name })}>
                  <Icon name="check" size={16} />
                  {t("verify.admit")}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      {decided.length > 0 && (
        <section aria-labelledby="decided-title">
          <h3 id="decided-title" className="muted text-xs font-semibold tracking-wide uppercase">
            {t("verify.decided")}
          </h3>
          <ul className="mt-2 flex flex-col gap-1 text-sm" data-testid="verify-decided">
            {decided.map((d, i) => (
              <li key={i} className="flex items-center gap-2">
                <span className={d.admit ? "text-[var(--success)]" : "text-[var(--danger)]"} aria-hidden="true">
                  <Icon name={d.admit ? "check" : "x"} size={14} />
                </span>
                {d.admit ? t("verify.admitted", { name: d.name }) : t("verify.refused", { name: d.name })}
              </li>
            ))}
          </ul>
        </section>
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <NoAccess />;
}
