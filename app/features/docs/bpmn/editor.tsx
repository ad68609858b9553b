/** The BPMN document kind's editor module (docs contract: default export `Editor`). */
import type { DocEditorProps } from "../editors";
import { useKindDocument } from "../kinds/frame";
import { BpmnDocument } from "./bpmn-document";

export default function Editor({ doc, readOnly, shareId }: DocEditorProps) {
  const session = useKindDocument(doc.guid, shareId, readOnly);
  if (session.gate) return session.gate;
  return (
    <BpmnDocument
      ydoc={session.ydoc}
      status={session.status}
      readOnly={session.readOnly}
      title={doc.title}
      shared={session.shared}
    />
  );
}
