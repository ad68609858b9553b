/** A version of a text document, shown read-only with the document's own schema. */
import type { JSONContent } from "@tiptap/core";
import { EditorContent, useEditor } from "@tiptap/react";
import { useEffect } from "react";
import { textExtensions } from "./extensions";

export function VersionPreview({ content }: { content: JSONContent }) {
  const editor = useEditor({ immediatelyRender: false, editable: false, extensions: textExtensions({ openLinksOnClick: true }), content, editorProps: { attributes: { class: "doc-prose", "data-testid": "version-content" } } }, []);
  useEffect(() => {
    if (editor && !editor.isDestroyed) editor.commands.setContent(content, { emitUpdate: false });
  }, [editor, content]);
  return (
    <div className="doc-page mx-auto w-full max-w-3xl px-6 py-8">
      <EditorContent editor={editor} />
    </div>
  );
}
