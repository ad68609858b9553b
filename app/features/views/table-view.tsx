import type { ViewProps } from "./types";

export default function TableView(_props: ViewProps) {
  return <p className="muted">…</p>;
}
