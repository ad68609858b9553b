/**
 * Before joining: the camera preview, the choice of camera and microphone, and what to do when
 * the browser refuses them or finds none. Joining without camera and microphone is allowed.
 */
import { type FormEvent, useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { MAX_MEETING_DISPLAY_NAME } from "../../../domain/meetings/limits";
import { Icon } from "../../components/ui/icons";

export type MediaProblem = "denied" | "no_device" | "unavailable" | null;

export interface JoinChoice {
  name: string;
  local: MediaStream | null;
  camera: boolean;
  mic: boolean;
  cameraId?: string;
  micId?: string;
}

/**
 * True when this document was loaded under a Permissions-Policy that denies the camera: the
 * policy is fixed when the document loads, so a page reached by client-side navigation from a
 * page that denies it (every page but the meeting pages) must load again to use the camera.
 * Browsers without `document.featurePolicy` cannot tell: false.
 */
export function cameraBlockedByDocument(): boolean {
  const policy = (document as unknown as { featurePolicy?: { allowsFeature(feature: string): boolean } }).featurePolicy;
  return !!policy && typeof policy.allowsFeature === "function" && !policy.allowsFeature("camera");
}

/** Asks for camera and microphone (the chosen ones, if any); says why when it cannot. */
export async function openLocalMedia(cameraId?: string, micId?: string): Promise<{ stream: MediaStream | null; problem: MediaProblem }> {
  if (!navigator.mediaDevices?.getUserMedia) return { stream: null, problem: "unavailable" };
  const video: MediaTrackConstraints = { width: { ideal: 640 }, height: { ideal: 360 }, ...(cameraId ? { deviceId: { exact: cameraId } } : {}) };
  try {
    return { stream: await navigator.mediaDevices.getUserMedia({ video, audio: micId ? { deviceId: { exact: micId } } : true }), problem: null };
  } catch (err) {
    const name = err instanceof DOMException ? err.name : "";
    if (name === "NotAllowedError" || name === "SecurityError") return { stream: null, problem: "denied" };
    // A camera missing is no reason to lose the microphone too.
    try {
      return { stream: await navigator.mediaDevices.getUserMedia({ audio: true }), problem: "no_device" };
    } catch {
      return { stream: null, problem: name === "NotFoundError" || name === "OverconstrainedError" ? "no_device" : "unavailable" };
    }
  }
}

export function PreJoin({ roomName, description, defaultName, busy, onJoin }: { roomName: string; description: string; defaultName: string; busy: boolean; onJoin: (choice: JoinChoice) => void }) {
  const { t } = useTranslation("meetings");
  const [name, setName] = useState(defaultName);
  const [nameError, setNameError] = useState(false);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [problem, setProblem] = useState<MediaProblem>(null);
  const [devices, setDevices] = useState<MediaDeviceInfo[]>([]);
  const [cameraId, setCameraId] = useState<string>("");
  const [micId, setMicId] = useState<string>("");
  const [camera, setCamera] = useState(true);
  const [mic, setMic] = useState(true);
  const [asking, setAsking] = useState(true);
  const preview = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const handedOver = useRef(false);

  const acquire = useCallback(async (cam?: string, microphone?: string) => {
    setAsking(true);
    for (const track of streamRef.current?.getTracks() ?? []) track.stop();
    const result = await openLocalMedia(cam || undefined, microphone || undefined);
    streamRef.current = result.stream;
    setStream(result.stream);
    setProblem(result.problem);
    setAsking(false);
    if (navigator.mediaDevices?.enumerateDevices) setDevices((await navigator.mediaDevices.enumerateDevices()).filter((d) => d.deviceId));
  }, []);

  useEffect(() => {
    void acquire();
    // Leaving the page before joining stops the preview (the camera light goes off).
    return () => {
      if (!handedOver.current) for (const track of streamRef.current?.getTracks() ?? []) track.stop();
    };
  }, [acquire]);

  useEffect(() => {
    if (preview.current) preview.current.srcObject = stream;
  }, [stream]);

  useEffect(() => {
    for (const track of stream?.getVideoTracks() ?? []) track.enabled = camera;
    for (const track of stream?.getAudioTracks() ?? []) track.enabled = mic;
  }, [stream, camera, mic]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) {
      setNameError(true);
      return;
    }
    handedOver.current = true;
    onJoin({ name: name.trim(), local: stream, camera, mic, cameraId: cameraId || undefined, micId: micId || undefined });
  };

  const hasVideo = !!stream?.getVideoTracks().length;
  const hasAudio = !!stream?.getAudioTracks().length;
  const cameras = devices.filter((d) => d.kind === "videoinput");
  const mics = devices.filter((d) => d.kind === "audioinput");

  return (
    <div className="mx-auto grid max-w-5xl gap-6 px-4 py-8 lg:grid-cols-[3fr_2fr]" data-testid="meeting-prejoin">
      <div className="flex flex-col gap-3">
        <div className="relative flex aspect-video items-center justify-center overflow-hidden rounded-xl bg-neutral-900 text-white">
          <video ref={preview} autoPlay playsInline muted className={`h-full w-full -scale-x-100 object-cover ${hasVideo && camera ? "" : "hidden"}`} data-testid="meeting-preview" />
          {(!hasVideo || !camera) && (
            <p className="max-w-sm px-6 text-center text-sm" data-testid="meeting-preview-note">
              {asking ? t("prejoin.asking") : !hasVideo ? t("prejoin.no_video") : t("prejoin.camera_off")}
            </p>
          )}
          <div className="absolute bottom-3 flex gap-2">
            <button type="button" className={`flex h-10 w-10 items-center justify-center rounded-full ${mic && hasAudio ? "bg-white/20" : "bg-red-600"}`} onClick={() => setMic(!mic)} disabled={!hasAudio} aria-label={mic ? t("controls.mute") : t("controls.unmute")} aria-pressed={!mic}>
              <Icon name={mic && hasAudio ? "mic" : "micOff"} size={18} />
            </button>
            <button type="button" className={`flex h-10 w-10 items-center justify-center rounded-full ${camera && hasVideo ? "bg-white/20" : "bg-red-600"}`} onClick={() => setCamera(!camera)} disabled={!hasVideo} aria-label={camera ? t("controls.camera_off") : t("controls.camera_on")} aria-pressed={!camera}>
              <Icon name={camera && hasVideo ? "video" : "videoOff"} size={18} />
            </button>
          </div>
        </div>
        {problem && (
          <div className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100" role="alert" data-testid={`meeting-problem-${problem}`}>
            <p className="font-semibold">{t(`prejoin.problem.${problem}.title`)}</p>
            <p>{t(`prejoin.problem.${problem}.body`)}</p>
            <button type="button" className="btn mt-2" onClick={() => void acquire(cameraId, micId)}>
              {t("prejoin.retry")}
            </button>
          </div>
        )}
        <div className="grid gap-3 sm:grid-cols-2">
          <label className="flex flex-col gap-1 text-sm">
            {t("prejoin.camera")}
            <select className="input" value={cameraId} disabled={cameras.length === 0} onChange={(e) => { setCameraId(e.target.value); void acquire(e.target.value, micId); }} data-testid="meeting-camera-select">
              <option value="">{cameras.length ? t("prejoin.default_device") : t("prejoin.none")}</option>
              {cameras.map((d, i) => (
                <option key={d.deviceId} value={d.deviceId}>
                  {d.label || t("prejoin.camera_n", { n: i + 1 })}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-sm">
            {t("prejoin.microphone")}
            <select className="input" value={micId} disabled={mics.length === 0} onChange={(e) => { setMicId(e.target.value); void acquire(cameraId, e.target.value); }} data-testid="meeting-mic-select">
              <option value="">{mics.length ? t("prejoin.default_device") : t("prejoin.none")}</option>
              {mics.map((d, i) => (
                <option key={d.deviceId} value={d.deviceId}>
                  {d.label || t("prejoin.microphone_n", { n: i + 1 })}
                </option>
              ))}
            </select>
          </label>
        </div>
      </div>
      <form onSubmit={submit} className="card flex flex-col gap-4 self-start p-5" noValidate>
        <div>
          <h1 className="text-xl font-semibold" data-testid="meeting-name">
            {roomName}
          </h1>
          {description && <p className="muted mt-1 whitespace-pre-wrap text-sm">{description}</p>}
        </div>
        <label className="flex flex-col gap-1 text-sm">
          {t("prejoin.your_name")}
          <input
            className="input"
            value={name}
            maxLength={MAX_MEETING_DISPLAY_NAME}
            onChange={(e) => {
              setName(e.target.value);
              setNameError(false);
            }}
            aria-invalid={nameError}
            data-testid="meeting-display-name"
          />
          {nameError && <span className="text-sm text-red-600">{t("errors:meeting_display_name_required")}</span>}
        </label>
        <button type="submit" className="btn btn-primary" disabled={busy || asking} data-testid="meeting-join">
          {hasVideo || hasAudio ? t("prejoin.join") : t("prejoin.join_without")}
        </button>
      </form>
    </div>
  );
}
