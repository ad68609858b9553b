import type { ViewProps } from "./types";

export default function RoadmapView(_props: ViewProps) {
  return <p className="muted">…</p>;
}
