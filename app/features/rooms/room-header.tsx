/**
 * The top of every room screen: title, kind, connection state, the guest link, and the owner's
 * controls (open to guests, require verification, archive).
 */
import { type ReactNode, useContext, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { ConfirmDialog } from "../../components/ui/dialog";
import { Icon } from "../../components/ui/icons";
import { Switch } from "../../components/ui/switch";
import { useApi } from "../shell/errors";
import { CopyJoinLink } from "./copy-join-link";
import { MeetingAction } from "./meeting-action";
import type { RoomDetails, RoomStatus } from "./types";

export function ConnectionState({ status }: { status: RoomStatus }) {
  const { t } = useTranslation("rooms");
  const tone = status === "open" ? "bg-[var(--success)]" : status === "denied" || status === "closed" ? "bg-[var(--danger)]" : "bg-amber-500 animate-pulse";
  return (
    <span className="inline-flex items-center gap-1.5 rounded-full bg-[var(--surface-2)] px-2.5 py-0.5 text-xs font-medium" role="status" data-testid="room-status" data-status={status}>
      <span className={`h-2 w-2 rounded-full ${tone}`} aria-hidden="true" />
      {t(`status.${status}`)}
    </span>
  );
}

/** The owner's switch: guests who join by link wait until admitted. Shows how many wait. */
export function VerificationToggle({ room, onChanged }: { room: RoomDetails; onChanged?: (on: boolean) => void }) {
  const { t } = useTranslation("rooms");
  const api = useApi();
  const [on, setOn] = useState(room.require_verification);
  const [waiting, setWaiting] = useState(0);
  useEffect(() => setOn(room.require_verification), [room.require_verification]);
  useEffect(() => {
    if (!on) return setWaiting(0);
    let live = true;
    const read = () =>
      void api<{ results: unknown[] }>("GET", `/v1/rooms/${room.guid}/verify`, undefined, { quiet: true }).then((r) => {
        if (live && !r.error) setWaiting(r.data.results.length);
      });
    read();
    // Guests knock without a socket of their own; a slow poll is enough for a badge.
    const timer = setInterval(read, 5000);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [api, on, room.guid]);
  const change = async (next: boolean) => {
    setOn(next);
    const result = await api("PUT", `/v1/rooms/${room.guid}`, { require_verification: next });
    if (result.error) return setOn(!next);
    onChanged?.(next);
  };
  return (
    <div className="flex items-center gap-2 text-sm">
      <Switch checked={on} onChange={(v) => void change(v)} label={t("verify.require")} testId="require-verification" />
      <span aria-hidden="true">{t("verify.require")}</span>
      {on && (
        <Link to={`/project/${room.project}/verify/${room.guid}`} className="link inline-flex items-center gap-1" data-testid="verify-link">
          <Icon name="shield" size={14} />
          {waiting > 0 ? t("verify.waitingCount", { count: waiting }) : t("verify.open")}
        </Link>
      )}
    </div>
  );
}

/**
 * The owner's switch: the room is open to guests (anyone with the link, by name). Closed until
 * the owner opens it; project members always get in.
 */
export function GuestsToggle({ roomGuid, open, onChanged }: { roomGuid: string; open: boolean; onChanged?: (open: boolean) => void }) {
  const { t } = useTranslation("rooms");
  const api = useApi();
  const [on, setOn] = useState(open);
  useEffect(() => setOn(open), [open]);
  const change = async (next: boolean) => {
    setOn(next);
    const result = await api("PUT", `/v1/rooms/${roomGuid}`, { guests: next });
    if (result.error) return setOn(!next);
    onChanged?.(next);
  };
  return (
    <div className="flex items-center gap-2 text-sm" title={t("verify.guestsHint")}>
      <Switch checked={on} onChange={(v) => void change(v)} label={t("verify.guests")} testId="room-guests" />
      <span aria-hidden="true">{t("verify.guests")}</span>
    </div>
  );
}

export function RoomHeader({ room, status, archived, isOwner, actions, onArchived }: { room: RoomDetails; status: RoomStatus; archived: boolean; isOwner: boolean; actions?: ReactNode; onArchived?: () => void }) {
  const { t } = useTranslation("rooms");
  const api = useApi();
  const [confirming, setConfirming] = useState(false);
  const meetingAction = useContext(MeetingAction);
  const archive = async () => {
    const result = await api("POST", `/v1/rooms/${room.guid}/archiv`);
    if (!result.error) onArchived?.();
  };
  return (
    <header className="flex flex-col gap-3" data-testid="room-header">
      <div className="flex flex-wrap items-center gap-3">
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-[color-mix(in_srgb,var(--primary)_14%,transparent)] text-[var(--primary)]" aria-hidden="true">
          <Icon name={room.kind === "poker" ? "cards" : "cycle"} size={22} />
        </span>
        <div className="min-w-0">
          <h1 className="truncate text-2xl font-bold tracking-tight" data-testid="room-title">
            {room.title}
          </h1>
          <p className="muted text-sm">{t(`kinds.${room.kind}`)}</p>
        </div>
        <ConnectionState status={status} />
        {meetingAction && <div className="ml-auto">{meetingAction}</div>}
        {archived && (
          <span className="inline-flex items-center gap-1 rounded-full bg-[var(--surface-2)] px-2.5 py-0.5 text-xs font-medium" data-testid="room-archived">
            <Icon name="archive" size={14} />
            {t("room.archived")}
          </span>
        )}
      </div>
      {!archived && (
        <div className="flex flex-wrap items-center gap-x-5 gap-y-2">
          <CopyJoinLink roomGuid={room.guid} />
          {actions}
          {isOwner && <GuestsToggle roomGuid={room.guid} open={room.guests ?? false} />}
          {isOwner && <VerificationToggle room={room} />}
          {isOwner && (
            <button type="button" className="btn btn-ghost muted ml-auto px-3 py-1.5 text-sm" onClick={() => setConfirming(true)} data-testid="room-archive">
              <Icon name="archive" size={16} />
              {t("room.archive")}
            </button>
          )}
        </div>
      )}
      {confirming && <ConfirmDialog title={t("room.archiveTitle")} body={t("room.archiveBody")} cancel={t("cancel")} confirm={t("room.archive")} onConfirm={() => void archive()} onClose={() => setConfirming(false)} testId="archive-dialog" />}
    </header>
  );
}
