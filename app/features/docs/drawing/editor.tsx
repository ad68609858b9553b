/** The drawing document kind's editor module (docs contract: default export `Editor`). */
import type { DocEditorProps } from "../editors";
import { useKindDocument } from "../kinds/frame";
import { DrawingDocument } from "./drawing-document";

export default function Editor({ doc, readOnly, shareId }: DocEditorProps) {
  const session = useKindDocument(doc.guid, shareId, readOnly);
  if (session.gate) return session.gate;
  return (
    <DrawingDocument
      ydoc={session.ydoc}
      status={session.status}
      readOnly={session.readOnly}
      awareness={session.awareness}
      shared={session.shared}
    />
  );
}
