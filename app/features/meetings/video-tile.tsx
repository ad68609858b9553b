/** One person's tile: their video (or initials when the camera is off), name, and mute and hand marks. */
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "../../components/ui/icons";

export interface TileProps {
  id: string;
  name: string;
  stream: MediaStream | null;
  camera: boolean;
  mic: boolean;
  screen: boolean;
  hand: boolean;
  speaking: boolean;
  /** The person's own tile: muted playback, mirrored camera. */
  self?: boolean;
  large?: boolean;
}

export function VideoTile({ id, name, stream, camera, mic, screen, hand, speaking, self = false, large = false }: TileProps) {
  const { t } = useTranslation("meetings");
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const el = video.current;
    if (el && el.srcObject !== stream) el.srcObject = stream;
  }, [stream]);
  const initials = name
    .split(/\s+/)
    .map((w) => w[0] ?? "")
    .join("")
    .slice(0, 2)
    .toUpperCase();
  const showVideo = !!stream && (camera || screen);
  return (
    <figure
      className={`relative flex aspect-video items-center justify-center overflow-hidden rounded-xl bg-neutral-900 ${speaking ? "ring-4 ring-emerald-400" : "ring-1 ring-[var(--border)]"} ${large ? "min-h-64" : ""}`}
      data-testid="meeting-tile"
      data-peer={id}
      data-name={name}
      data-mic={mic ? "on" : "off"}
      data-camera={camera ? "on" : "off"}
      data-speaking={speaking ? "yes" : "no"}
    >
      <video
        ref={video}
        autoPlay
        playsInline
        muted={self}
        className={`h-full w-full object-cover ${self && !screen ? "-scale-x-100" : ""} ${showVideo ? "" : "invisible absolute"}`}
        data-testid={self ? "meeting-self-video" : "meeting-remote-video"}
      />
      {!showVideo && (
        <span className="flex h-16 w-16 items-center justify-center rounded-full bg-[var(--primary)] text-xl font-semibold text-[var(--primary-text)]" aria-hidden="true">
          {initials || "?"}
        </span>
      )}
      <figcaption className="absolute bottom-2 left-2 flex items-center gap-1.5 rounded-md bg-black/60 px-2 py-1 text-xs font-medium text-white">
        {!mic && (
          <span title={t("tile.muted")} data-testid="tile-muted">
            <Icon name="micOff" size={14} />
            <span className="sr-only">{t("tile.muted")}</span>
          </span>
        )}
        {screen && <Icon name="screen" size={14} />}
        <span>{self ? t("tile.you", { name }) : name}</span>
      </figcaption>
      {hand && (
        <span className="absolute right-2 top-2 rounded-full bg-amber-400 p-1.5 text-neutral-900" title={t("tile.hand")} data-testid="tile-hand">
          <Icon name="hand" size={16} />
        </span>
      )}
    </figure>
  );
}
