/**
 * The active speaker: the loudest of the given streams above a floor, measured a few times a
 * second with the Web Audio API (a remote stream only yields levels once a media element plays it).
 */
import { useEffect, useState } from "react";

const FLOOR = 0.02;
const EVERY_MS = 300;

export function useSpeaking(streams: Record<string, MediaStream | null>): string | null {
  const [speaker, setSpeaker] = useState<string | null>(null);
  const key = Object.entries(streams)
    .map(([id, s]) => `${id}:${s?.getAudioTracks().map((t) => t.id).join(",") ?? ""}`)
    .join("|");
  useEffect(() => {
    const entries = Object.entries(streams).filter((e): e is [string, MediaStream] => !!e[1]?.getAudioTracks().length);
    if (entries.length === 0 || typeof AudioContext === "undefined") return;
    const context = new AudioContext();
    const meters = entries.map(([id, stream]) => {
      const analyser = context.createAnalyser();
      analyser.fftSize = 512;
      context.createMediaStreamSource(stream).connect(analyser);
      return { id, stream, analyser, data: new Float32Array(analyser.fftSize) };
    });
    const timer = setInterval(() => {
      let best: string | null = null;
      let loudest = FLOOR;
      for (const m of meters) {
        if (!m.stream.getAudioTracks().some((t) => t.enabled && t.readyState === "live")) continue;
        m.analyser.getFloatTimeDomainData(m.data);
        let sum = 0;
        for (const v of m.data) sum += v * v;
        const level = Math.sqrt(sum / m.data.length);
        if (level > loudest) {
          loudest = level;
          best = m.id;
        }
      }
      setSpeaker(best);
    }, EVERY_MS);
    return () => {
      clearInterval(timer);
      void context.close();
    };
    // The streams are re-measured when their audio tracks change (`key`).
  }, [key]);
  return speaker;
}
