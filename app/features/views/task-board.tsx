import type { ViewProps } from "./types";

export default function TaskBoardView(_props: ViewProps) {
  return <p className="muted">…</p>;
}
