/** The text editor's formatting toolbar (only when the document may be edited). */
import type { Editor } from "@tiptap/core";
import { useEditorState } from "@tiptap/react";
import { type FormEvent, type ReactNode, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Icon, type IconName } from "../../../components/ui/icons";

function ToolButton({ label, icon, active, disabled, onClick, testId }: { label: string; icon: IconName; active?: boolean; disabled?: boolean; onClick: () => void; testId?: string }) {
  return (
    <button
      type="button"
      className={`inline-flex h-8 w-8 items-center justify-center rounded-md transition-colors hover:bg-[var(--surface-2)] disabled:opacity-40 ${active ? "bg-[color-mix(in_srgb,var(--primary)_16%,transparent)] text-[var(--primary)]" : "text-[var(--text)]"}`}
      aria-label={label}
      title={label}
      aria-pressed={active === undefined ? undefined : active}
      disabled={disabled}
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
      data-testid={testId}
    >
      <Icon name={icon} size={18} />
    </button>
  );
}

const Divider = () => <span aria-hidden="true" className="mx-1 h-5 w-px bg-[var(--border)]" />;

export function Toolbar({ editor, onPickImage, extra }: { editor: Editor; onPickImage: () => void; extra?: ReactNode }) {
  const { t } = useTranslation("docs-editor");
  const s = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      block: e.isActive("heading", { level: 1 }) ? "h1" : e.isActive("heading", { level: 2 }) ? "h2" : e.isActive("heading", { level: 3 }) ? "h3" : "p",
      bold: e.isActive("bold"),
      italic: e.isActive("italic"),
      strike: e.isActive("strike"),
      code: e.isActive("code"),
      bullets: e.isActive("bulletList"),
      numbers: e.isActive("orderedList"),
      tasks: e.isActive("taskList"),
      quote: e.isActive("blockquote"),
      codeBlock: e.isActive("codeBlock"),
      link: e.isActive("link"),
      inTable: e.isActive("table"),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const [linkOpen, setLinkOpen] = useState(false);
  const [href, setHref] = useState("");
  const linkInput = useRef<HTMLInputElement>(null);
  const chain = () => editor.chain().focus();

  const openLink = () => {
    setHref((editor.getAttributes("link").href as string | undefined) ?? "");
    setLinkOpen(true);
    setTimeout(() => linkInput.current?.focus(), 0);
  };
  const applyLink = (e: FormEvent) => {
    e.preventDefault();
    const value = href.trim();
    if (!value) chain().extendMarkRange("link").unsetLink().run();
    else chain().extendMarkRange("link").setLink({ href: /^[a-z][a-z0-9+.-]*:|^\//i.test(value) ? value : `https://${value}` }).run();
    setLinkOpen(false);
  };

  return (
    // Sticks under the app header (h-14 and its border) while the document scrolls.
    <div className="sticky top-[calc(3.5rem+1px)] z-20 border-b border-[var(--border)] bg-[var(--surface)]">
      <div role="toolbar" aria-label={t("toolbar.label")} className="flex flex-wrap items-center gap-0.5 px-2 py-1.5" data-testid="doc-toolbar">
        <select
          className="input h-8 w-36 py-0 text-sm"
          aria-label={t("toolbar.block")}
          value={s.block}
          onChange={(e) => {
            const v = e.target.value;
            if (v === "p") chain().setParagraph().run();
            else chain().setHeading({ level: Number(v.slice(1)) as 1 | 2 | 3 }).run();
          }}
        >
          <option value="p">{t("toolbar.paragraph")}</option>
          <option value="h1">{t("toolbar.heading", { level: 1 })}</option>
          <option value="h2">{t("toolbar.heading", { level: 2 })}</option>
          <option value="h3">{t("toolbar.heading", { level: 3 })}</option>
        </select>
        <Divider />
        <ToolButton label={t("toolbar.bold")} icon="bold" active={s.bold} onClick={() => chain().toggleBold().run()} testId="tool-bold" />
        <ToolButton label={t("toolbar.italic")} icon="italic" active={s.italic} onClick={() => chain().toggleItalic().run()} />
        <ToolButton label={t("toolbar.strike")} icon="strike" active={s.strike} onClick={() => chain().toggleStrike().run()} />
        <ToolButton label={t("toolbar.code")} icon="code" active={s.code} onClick={() => chain().toggleCode().run()} />
        <ToolButton label={t("toolbar.link")} icon="link" active={s.link} onClick={openLink} testId="tool-link" />
        <Divider />
        <ToolButton label={t("toolbar.bullets")} icon="bullets" active={s.bullets} onClick={() => chain().toggleBulletList().run()} />
        <ToolButton label={t("toolbar.numbers")} icon="numbers" active={s.numbers} onClick={() => chain().toggleOrderedList().run()} />
        <ToolButton label={t("toolbar.tasks")} icon="tasks" active={s.tasks} onClick={() => chain().toggleTaskList().run()} testId="tool-tasks" />
        <ToolButton label={t("toolbar.quote")} icon="quote" active={s.quote} onClick={() => chain().toggleBlockquote().run()} />
        <ToolButton label={t("toolbar.codeBlock")} icon="codeBlock" active={s.codeBlock} onClick={() => chain().toggleCodeBlock().run()} />
        <Divider />
        <ToolButton label={t("toolbar.image")} icon="image" onClick={onPickImage} testId="tool-image" />
        <ToolButton label={t("toolbar.table")} icon="tableGrid" active={s.inTable} onClick={() => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()} testId="tool-table" />
        {s.inTable && (
          <>
            <ToolButton label={t("toolbar.rowAdd")} icon="rowAdd" onClick={() => chain().addRowAfter().run()} />
            <ToolButton label={t("toolbar.colAdd")} icon="colAdd" onClick={() => chain().addColumnAfter().run()} />
            <ToolButton label={t("toolbar.rowRemove")} icon="rowRemove" onClick={() => chain().deleteRow().run()} />
            <ToolButton label={t("toolbar.colRemove")} icon="colRemove" onClick={() => chain().deleteColumn().run()} />
          </>
        )}
        <Divider />
        <ToolButton label={t("toolbar.undo")} icon="undo" disabled={!s.canUndo} onClick={() => chain().undo().run()} />
        <ToolButton label={t("toolbar.redo")} icon="redo" disabled={!s.canRedo} onClick={() => chain().redo().run()} />
        <div className="ml-auto flex items-center gap-1">{extra}</div>
      </div>
      {linkOpen && (
        <form className="flex items-center gap-2 border-t border-[var(--border)] px-3 py-2" onSubmit={applyLink}>
          <label className="text-sm font-medium" htmlFor="doc-link-input">
            {t("link.label")}
          </label>
          <input
            id="doc-link-input"
            ref={linkInput}
            className="input h-8 max-w-md py-0 text-sm"
            value={href}
            placeholder="https://"
            onChange={(e) => setHref(e.target.value)}
            onKeyDown={(e) => e.key === "Escape" && setLinkOpen(false)}
          />
          <button type="submit" className="btn btn-primary py-1 text-sm">
            {t("link.apply")}
          </button>
          <button type="button" className="btn py-1 text-sm" onClick={() => setLinkOpen(false)}>
            {t("link.cancel")}
          </button>
        </form>
      )}
    </div>
  );
}
