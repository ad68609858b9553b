/**
 * A meeting from the door to leaving: loads the room, shows the pre-join screen, joins
 * (`POST /rooms/{roomId}/join`), runs the meeting and, after leaving, offers to come back. A
 * reload rejoins by itself: the tab remembers (sessionStorage) that it was in the meeting.
 */
import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { toast } from "react-toastify/unstyled";
import { useApi } from "../shell/errors";
import { useViewer } from "../shell/viewer";
import { MeetingStage } from "./meeting-stage";
import { cameraBlockedByDocument, type JoinChoice, openLocalMedia, PreJoin } from "./pre-join";
import { CREATED_KEY, meetingFailure, meetingSuccess } from "./toasts";
import { type MeetingMedia, useMeeting } from "./use-meeting";

export interface MeetingInfo {
  guid: string;
  projectId: string;
  name: string;
  description: string;
}

type Remembered = { name: string; camera: boolean; mic: boolean; cameraId?: string; micId?: string };
const rememberKey = (roomId: string) => `meeting:${roomId}`;


function remembered(roomId: string): Remembered | null {
  try {
    const raw = sessionStorage.getItem(rememberKey(roomId));
    const value = raw ? (JSON.parse(raw) as Partial<Remembered>) : null;
    return value && typeof value.name === "string" ? { name: value.name, camera: value.camera !== false, mic: value.mic !== false, cameraId: value.cameraId, micId: value.micId } : null;
  } catch {
    return null;
  }
}

export function MeetingView({ roomId, compact = false, onClose }: { roomId: string; compact?: boolean; onClose?: () => void }) {
  const { t } = useTranslation("meetings");
  const api = useApi();
  const viewer = useViewer();
  const [info, setInfo] = useState<MeetingInfo | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [phase, setPhase] = useState<"door" | "joining" | "in" | "left">("door");
  const [media, setMedia] = useState<MeetingMedia | null>(null);
  const [name, setName] = useState("");
  const meeting = useMeeting(roomId, media);

  // Reached by client-side navigation from a page whose policy denies the camera: load the
  // meeting page itself, which the Worker serves with camera, microphone and screen allowed.
  const [blocked] = useState(() => typeof document !== "undefined" && cameraBlockedByDocument());
  useEffect(() => {
    if (blocked && !compact) window.location.reload();
  }, [blocked, compact]);

  // The create form loads this page anew (the camera policy) and leaves the toast to it.
  useEffect(() => {
    if (blocked || sessionStorage.getItem(CREATED_KEY) !== roomId) return;
    sessionStorage.removeItem(CREATED_KEY);
    meetingSuccess(t, "created");
  }, [blocked, roomId, t]);

  useEffect(() => {
    let live = true;
    void api<MeetingInfo>("GET", `/meeting/rooms/${roomId}`, undefined, { quiet: true }).then((res) => {
      if (!live) return;
      if (res.error) {
        setLoadFailed(true);
        meetingFailure(t, "info_failed", res.error);
      } else setInfo(res.data);
    });
    return () => {
      live = false;
    };
  }, [api, roomId, t]);

  const join = useCallback(
    async (choice: JoinChoice) => {
      setPhase("joining");
      const [joined, ice] = await Promise.all([
        api("POST", `/rooms/${roomId}/join`, { name: choice.name }, { quiet: true }),
        api<{ iceServers: RTCIceServer[] }>("GET", "/meeting/ice-servers", undefined, { quiet: true }),
      ]);
      if (joined.error) {
        for (const track of choice.local?.getTracks() ?? []) track.stop();
        meetingFailure(t, "join_failed", joined.error);
        setPhase("door");
        return;
      }
      meetingSuccess(t, "joined");
      sessionStorage.setItem(rememberKey(roomId), JSON.stringify({ name: choice.name, camera: choice.camera, mic: choice.mic, cameraId: choice.cameraId, micId: choice.micId } satisfies Remembered));
      setName(choice.name);
      setMedia({ local: choice.local, iceServers: ice.data?.iceServers ?? [], camera: choice.camera, mic: choice.mic });
      setPhase("in");
    },
    [api, roomId, t],
  );

  // A reload of a tab that was in the meeting goes straight back in.
  useEffect(() => {
    if (!info || phase !== "door") return;
    const back = remembered(roomId);
    if (!back) return;
    void openLocalMedia(back.cameraId, back.micId).then(({ stream }) => join({ ...back, local: stream }));
    // Only once, when the room is known.
  }, [info]);

  const saveNotes = useCallback(async () => {
    const res = await api<{ title: string }>("POST", `/meeting/rooms/${roomId}/notes`, undefined, { quiet: true });
    if (res.error) meetingFailure(t, "notes_failed", res.error);
    else toast.success(t("notes.saved", { title: res.data.title }));
  }, [api, roomId, t]);

  const leave = useCallback(() => {
    meeting.leave();
    sessionStorage.removeItem(rememberKey(roomId));
    setMedia(null);
    setPhase("left");
  }, [meeting, roomId]);

  // Leaving the page leaves the meeting: every track stops.
  useEffect(() => () => media?.local?.getTracks().forEach((track) => track.stop()), [media]);

  if (blocked && !compact) return <p className="muted p-6 text-center">{t("loading")}</p>;
  if (loadFailed) {
    return (
      <div className="mx-auto max-w-lg px-4 py-16 text-center" data-testid="meeting-missing">
        <p className="text-lg font-semibold">{t("missing")}</p>
      </div>
    );
  }
  if (!info) return <p className="muted p-6 text-center">{t("loading")}</p>;
  if (phase === "left") {
    return (
      <div className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-16 text-center" data-testid="meeting-left">
        <p className="text-lg font-semibold">{t("left.title", { name: info.name })}</p>
        <div className="flex gap-2">
          <button type="button" className="btn btn-primary" onClick={() => setPhase("door")} data-testid="meeting-rejoin">
            {t("left.rejoin")}
          </button>
          {onClose ? (
            <button type="button" className="btn" onClick={onClose}>
              {t("left.close")}
            </button>
          ) : (
            <Link className="btn" to={`/project/${info.projectId}/meetings`}>
              {t("left.back")}
            </Link>
          )}
        </div>
      </div>
    );
  }
  if (phase === "in" && media) {
    return (
      <div className={compact ? "" : "mx-auto max-w-7xl px-4 py-4"}>
        {!compact && (
          <div className="mb-3">
            <h1 className="text-xl font-semibold" data-testid="meeting-name">
              {info.name}
            </h1>
            <p className="muted text-sm">{info.description}</p>
          </div>
        )}
        <MeetingStage meeting={meeting} media={media} name={name} compact={compact} onLeave={leave} onSaveNotes={() => void saveNotes()} />
      </div>
    );
  }
  return <PreJoin roomName={info.name} description={info.description} defaultName={viewer?.name ?? ""} busy={phase === "joining"} onJoin={(c) => void join(c)} />;
}
