/** The meeting itself: the tiles (grid or speaker layout), the controls, chat and people. */
import { type FormEvent, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { rosterOrder } from "../../../domain/meetings/roster";
import { MAX_CHAT_TEXT } from "../../../domain/wire/live/meeting";
import { Icon, type IconName } from "../../components/ui/icons";
import type { MeetingMedia, MeetingState } from "./use-meeting";
import { useSpeaking } from "./use-speaking";
import { type TileProps, VideoTile } from "./video-tile";
import { formatTime } from "../../../domain/time/format";

const STATUS_TONE: Record<MeetingState["status"], string> = {
  disconnected: "bg-neutral-400",
  connecting: "bg-amber-400",
  connected: "bg-emerald-500",
  reconnecting: "bg-amber-500",
  failed: "bg-red-500",
  full: "bg-red-500",
};

function Control({ icon, label, onClick, active = false, danger = false, testId }: { icon: IconName; label: string; onClick: () => void; active?: boolean; danger?: boolean; testId: string }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-pressed={active}
      title={label}
      aria-label={label}
      data-testid={testId}
      className={`flex h-11 w-11 items-center justify-center rounded-full ${danger ? "bg-red-600 text-white hover:bg-red-700" : active ? "bg-[var(--primary)] text-[var(--primary-text)]" : "bg-[var(--surface-2)] hover:bg-[var(--border)]"}`}
    >
      <Icon name={icon} size={20} />
    </button>
  );
}

export function MeetingStage({
  meeting,
  media,
  name,
  compact = false,
  onLeave,
  onSaveNotes,
}: {
  meeting: MeetingState;
  media: MeetingMedia;
  name: string;
  compact?: boolean;
  onLeave: () => void;
  onSaveNotes: () => void;
}) {
  const { t, i18n } = useTranslation("meetings");
  const [layout, setLayout] = useState<"grid" | "speaker">("grid");
  const [panel, setPanel] = useState<"chat" | "people" | null>(compact ? null : "chat");
  const [draft, setDraft] = useState("");
  const chatEnd = useRef<HTMLLIElement>(null);
  const { you, peers, streams, status } = meeting;

  const selfStream = meeting.screen ?? media.local;
  const speaking = useSpeaking(useMemo(() => ({ ...(you ? { [you]: media.local } : {}), ...streams }), [you, media.local, streams]));
  const others = rosterOrder(Object.values(peers));
  const tiles: TileProps[] = [
    {
      id: you ?? "self",
      name,
      stream: selfStream,
      camera: meeting.camera && !!media.local?.getVideoTracks().length,
      mic: meeting.mic && !!media.local?.getAudioTracks().length,
      screen: !!meeting.screen,
      hand: meeting.hand,
      speaking: !!you && speaking === you,
      self: true,
    },
    ...others.map((p) => ({ id: p.id, name: p.name, stream: streams[p.id] ?? null, camera: p.camera, mic: p.mic, screen: p.screen, hand: p.hand !== null, speaking: speaking === p.id })),
  ];
  const featured = layout === "speaker" ? (tiles.find((x) => x.screen && !x.self) ?? tiles.find((x) => x.speaking) ?? tiles[1] ?? tiles[0]!) : null;

  useEffect(() => {
    chatEnd.current?.scrollIntoView({ block: "nearest" });
  }, [meeting.messages.length]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = draft.trim();
    if (!text) return;
    meeting.sendChat(text);
    setDraft("");
  };
  const time = (ms: number) => formatTime(ms, i18n.language);
  const cols = tiles.length <= 1 ? "grid-cols-1" : tiles.length <= 4 ? "grid-cols-1 sm:grid-cols-2" : "grid-cols-2 lg:grid-cols-3";

  return (
    <div className={`flex flex-col gap-3 ${compact ? "" : "lg:flex-row"}`} data-testid="meeting-stage">
      <div className="flex min-w-0 flex-1 flex-col gap-3">
        <div className="flex items-center gap-2 text-sm" role="status" data-testid="meeting-status" data-status={status}>
          <span className={`h-2.5 w-2.5 rounded-full ${STATUS_TONE[status]}`} aria-hidden="true" />
          <span>{t(`status.${status}`)}</span>
          <span className="muted">· {t("people_count", { count: tiles.length })}</span>
        </div>
        {status === "full" && <p className="rounded-lg bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">{t("full")}</p>}
        {featured ? (
          <div className="flex flex-col gap-2">
            <VideoTile {...featured} large />
            <div className="grid grid-cols-3 gap-2 sm:grid-cols-4">
              {tiles.filter((x) => x.id !== featured.id).map((x) => (
                <VideoTile key={x.id} {...x} />
              ))}
            </div>
          </div>
        ) : (
          <div className={`grid gap-2 ${compact ? "grid-cols-1 sm:grid-cols-2" : cols}`}>
            {tiles.map((x) => (
              <VideoTile key={x.id} {...x} />
            ))}
          </div>
        )}
        <div className="flex flex-wrap items-center justify-center gap-2 rounded-xl bg-[var(--surface)] p-2" role="toolbar" aria-label={t("controls.label")}>
          <Control icon={meeting.mic ? "mic" : "micOff"} label={meeting.mic ? t("controls.mute") : t("controls.unmute")} onClick={meeting.toggleMic} active={!meeting.mic} testId="meeting-mic" />
          <Control icon={meeting.camera ? "video" : "videoOff"} label={meeting.camera ? t("controls.camera_off") : t("controls.camera_on")} onClick={meeting.toggleCamera} active={!meeting.camera} testId="meeting-camera" />
          <Control
            icon="screen"
            label={meeting.screen ? t("controls.stop_share") : t("controls.share")}
            onClick={() => void (meeting.screen ? meeting.stopScreen() : meeting.shareScreen())}
            active={!!meeting.screen}
            testId="meeting-share"
          />
          <Control icon="hand" label={meeting.hand ? t("controls.lower_hand") : t("controls.raise_hand")} onClick={meeting.raiseHand} active={meeting.hand} testId="meeting-hand" />
          <Control icon="cards" label={layout === "grid" ? t("controls.speaker_layout") : t("controls.grid_layout")} onClick={() => setLayout(layout === "grid" ? "speaker" : "grid")} active={layout === "speaker"} testId="meeting-layout" />
          <Control icon="chat" label={t("controls.chat")} onClick={() => setPanel(panel === "chat" ? null : "chat")} active={panel === "chat"} testId="meeting-chat-toggle" />
          <Control icon="users" label={t("controls.people")} onClick={() => setPanel(panel === "people" ? null : "people")} active={panel === "people"} testId="meeting-people-toggle" />
          <Control icon="leave" label={t("controls.leave")} onClick={onLeave} danger testId="meeting-leave" />
        </div>
      </div>
      {panel && (
        <aside className={`card flex flex-col gap-2 p-3 ${compact ? "h-80" : "h-[32rem] lg:w-80"}`} aria-label={t(`panel.${panel}`)}>
          <h2 className="text-sm font-semibold">{t(`panel.${panel}`)}</h2>
          {panel === "chat" ? (
            <>
              <ol className="flex-1 space-y-2 overflow-y-auto text-sm" data-testid="meeting-chat">
                {meeting.more && (
                  <li>
                    <button type="button" className="btn btn-ghost w-full text-xs" onClick={meeting.loadOlder}>
                      {t("chat.older")}
                    </button>
                  </li>
                )}
                {meeting.messages.length === 0 && <li className="muted">{t("chat.empty")}</li>}
                {meeting.messages.map((m) => (
                  <li key={m.id} data-testid="meeting-chat-message">
                    <span className="font-semibold">{m.name}</span> <span className="muted text-xs">{time(m.timestamp)}</span>
                    <p className="whitespace-pre-wrap break-words" data-testid="meeting-chat-text">
                      {m.text}
                    </p>
                  </li>
                ))}
                <li ref={chatEnd} aria-hidden="true" />
              </ol>
              {meeting.messages.length > 0 && (
                <button type="button" className="btn btn-ghost text-xs" onClick={onSaveNotes} data-testid="meeting-save-notes">
                  <Icon name="document" size={16} />
                  {t("notes.save")}
                </button>
              )}
              <form onSubmit={submit} className="flex gap-2">
                <input
                  className="input flex-1"
                  value={draft}
                  maxLength={MAX_CHAT_TEXT}
                  onChange={(e) => setDraft(e.target.value)}
                  placeholder={t("chat.placeholder")}
                  aria-label={t("chat.placeholder")}
                  data-testid="meeting-chat-input"
                  disabled={status !== "connected"}
                />
                <button type="submit" className="btn btn-primary" disabled={status !== "connected" || !draft.trim()} data-testid="meeting-chat-send">
                  {t("chat.send")}
                </button>
              </form>
            </>
          ) : (
            <ul className="flex-1 space-y-1 overflow-y-auto text-sm" data-testid="meeting-people">
              {tiles.map((x) => (
                <li key={x.id} className="flex items-center gap-2" data-testid="meeting-person">
                  <span className="flex-1 truncate">{x.self ? t("tile.you", { name: x.name }) : x.name}</span>
                  {x.hand && <Icon name="hand" size={16} className="text-amber-500" />}
                  <Icon name={x.mic ? "mic" : "micOff"} size={16} className={x.mic ? "muted" : "text-red-500"} />
                  <Icon name={x.camera ? "video" : "videoOff"} size={16} className={x.camera ? "muted" : "text-red-500"} />
                </li>
              ))}
            </ul>
          )}
        </aside>
      )}
    </div>
  );
}
