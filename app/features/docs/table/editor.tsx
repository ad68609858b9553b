/** The table document kind's editor module (docs contract: default export `Editor`). */
import { useViewer } from "../../shell/viewer";
import { type AwarenessLike, Denied, EditorLoading, useMounted, useSettled } from "../kinds/frame";
import type { DocEditorProps } from "../editors";
import { useDocProvider } from "../use-doc-provider";
import { TableDocument } from "./table-document";

export default function Editor({ doc, readOnly, shareId }: DocEditorProps) {
  const viewer = useViewer();
  const mounted = useMounted();
  const provider = useDocProvider(doc.guid, { shareId, user: viewer ? { name: viewer.name, color: viewer.color } : undefined });
  const settled = useSettled(provider.status);
  if (provider.status === "denied") return <Denied />;
  if (!mounted || !settled) return <EditorLoading />;
  const awareness = (provider.provider?.awareness ?? null) as AwarenessLike | null;
  return (
    <TableDocument
      ydoc={provider.ydoc}
      status={provider.status}
      readOnly={readOnly || provider.readOnly}
      awareness={awareness}
      shared={shareId !== undefined}
    />
  );
}
