/** The BPMN document kind's editor module (docs contract: default export `Editor`). */
import { useViewer } from "../../shell/viewer";
import { Denied, EditorLoading, useMounted, useSettled } from "../kinds/frame";
import type { DocEditorProps } from "../editors";
import { useDocProvider } from "../use-doc-provider";
import { BpmnDocument } from "./bpmn-document";

export default function Editor({ doc, readOnly, shareId }: DocEditorProps) {
  const viewer = useViewer();
  const mounted = useMounted();
  const provider = useDocProvider(doc.guid, { shareId, user: viewer ? { name: viewer.name, color: viewer.color } : undefined });
  const settled = useSettled(provider.status);
  if (provider.status === "denied") return <Denied />;
  // Waiting for the server's word avoids building a viewer and then a modeler.
  if (!mounted || !settled) return <EditorLoading />;
  return (
    <BpmnDocument
      ydoc={provider.ydoc}
      status={provider.status}
      readOnly={readOnly || provider.readOnly}
      title={doc.title}
      shared={shareId !== undefined}
    />
  );
}
