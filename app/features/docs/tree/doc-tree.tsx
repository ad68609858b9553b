/**
 * The document tree of a project: rows in reading order, folded and unfolded per viewer,
 * dragged with dnd-kit to another place and level (mouse: up/down for the place, sideways for
 * the level; keyboard: space picks up, arrows up/down move, left/right change the level,
 * space drops). Where a drag lands is decided by `projectDrop` in domain/docs/tree, the same
 * rules the server checks with `planMove`.
 */
import {
  type Announcements,
  type DragEndEvent,
  type DragMoveEvent,
  type DragOverEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  closestCenter,
} from "@dnd-kit/core";
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { type KeyboardEvent, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { DocKind } from "../../../../domain/docs/layout";
import { DOC_MAX_DEPTH, DOC_TITLE_MAX, type FlatRow, flatten, heightOf, projectDrop } from "../../../../domain/docs/tree";
import type { DocView } from "../../../../workers/services/documents";
import { Icon } from "../../../components/ui/icons";
import { KIND_ICON, KIND_TONE, kindItems } from "./kinds";
import { Menu } from "../../../components/ui/menu";
import { DragContext } from "../../../components/drag-context";

/** Pixels per level, in the rows and in the sideways drag that picks a level. */
export const INDENT = 18;

/**
 * Arrow keys during a keyboard drag: up and down go to the row above or below (keeping the
 * sideways offset), left and right change the level by one.
 */
const treeKeyboardCoordinates: KeyboardCoordinateGetter = (event, args) => {
  const { currentCoordinates } = args;
  if (event.code === "ArrowLeft" || event.code === "ArrowRight") {
    event.preventDefault();
    return { x: currentCoordinates.x + (event.code === "ArrowRight" ? INDENT : -INDENT), y: currentCoordinates.y };
  }
  const next = sortableKeyboardCoordinates(event, args);
  return next ? { x: currentCoordinates.x, y: next.y } : next;
};

export interface TreeActions {
  onMove: (guid: string, parent: string | null, index: number) => void;
  onCreate: (kind: DocKind, parent: string | null) => void;
  onRename: (guid: string, title: string) => void;
  onDelete: (doc: DocView) => void;
  onToggle: (guid: string) => void;
}

interface RowProps {
  row: FlatRow<DocView>;
  /** The level shown while the row is dragged (its projected drop), else its own. */
  depth: number;
  projectGuid: string;
  selected: boolean;
  folded: boolean;
  canWrite: boolean;
  renaming: boolean;
  setRenaming: (guid: string | null) => void;
  actions: TreeActions;
  /** Its place among its siblings (1-based) and how many they are, for assistive technology. */
  position: number;
  siblings: number;
}

function RenameInput({ doc, onDone }: { doc: DocView; onDone: (title: string | null) => void }) {
  const { t } = useTranslation("docs");
  const [value, setValue] = useState(doc.title);
  const finish = (save: boolean) => onDone(save ? value.trim() : null);
  return (
    <input
      className="input min-w-0 flex-1 px-1.5 py-0.5 text-sm"
      value={value}
      maxLength={DOC_TITLE_MAX}
      aria-label={t("titleLabel")}
      placeholder={t("untitled")}
      autoFocus
      onFocus={(e) => e.currentTarget.select()}
      onChange={(e) => setValue(e.target.value)}
      onBlur={() => finish(true)}
      onKeyDown={(e) => {
        if (e.key === "Enter") {
          e.preventDefault();
          finish(true);
        } else if (e.key === "Escape") {
          e.preventDefault();
          e.stopPropagation();
          finish(false);
        }
      }}
      data-testid="doc-rename-input"
    />
  );
}

function TreeRow({ row, depth, projectGuid, selected, folded, canWrite, renaming, setRenaming, actions, position, siblings }: RowProps) {
  const { t } = useTranslation("docs");
  const doc = row.node;
  const title = doc.title || t("untitled");
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: doc.guid, disabled: !canWrite || renaming });
  const kids = row.childCount;
  const canNest = depth + 1 < DOC_MAX_DEPTH;
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.target !== e.currentTarget) return;
    if (e.key === "F2" && canWrite) {
      e.preventDefault();
      setRenaming(doc.guid);
    } else if (e.key === "ArrowRight" && kids > 0 && folded) {
      e.preventDefault();
      actions.onToggle(doc.guid);
    } else if (e.key === "ArrowLeft" && kids > 0 && !folded) {
      e.preventDefault();
      actions.onToggle(doc.guid);
    }
  };
  return (
    <li
      ref={setNodeRef}
      role="treeitem"
      aria-level={depth + 1}
      aria-expanded={kids > 0 ? !folded : undefined}
      aria-selected={selected}
      aria-posinset={position}
      aria-setsize={siblings}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={`relative ${isDragging ? "z-10" : ""}`}
      data-testid="doc-row"
      data-guid={doc.guid}
      data-title={doc.title}
      data-depth={depth}
      data-parent={row.parent ?? ""}
      data-folded={kids > 0 ? folded : undefined}
    >
      <div
        className={`group flex h-8 items-center gap-1 rounded-lg pr-1 text-sm ${
          isDragging ? "bg-[var(--surface)] shadow-lg ring-2 ring-[var(--primary)]" : selected ? "bg-[var(--surface-2)] font-semibold" : "hover:bg-[var(--surface-2)]"
        }`}
        style={{ paddingLeft: depth * INDENT + 2 }}
      >
        {canWrite && (
          <button
            type="button"
            ref={setActivatorNodeRef}
            {...attributes}
            {...listeners}
            className="muted flex h-6 w-5 shrink-0 cursor-grab touch-none items-center justify-center rounded opacity-40 group-hover:opacity-100 hover:bg-[var(--border)] focus-visible:opacity-100 focus-visible:shadow-[0_0_0_2px_var(--ring)] focus-visible:outline-none"
            aria-label={t("drag", { title })}
            data-testid="doc-drag"
          >
            <Icon name="grip" size={14} />
          </button>
        )}
        {kids > 0 ? (
          <button
            type="button"
            className="muted flex h-6 w-5 shrink-0 items-center justify-center rounded hover:bg-[var(--border)] focus-visible:shadow-[0_0_0_2px_var(--ring)] focus-visible:outline-none"
            aria-label={folded ? t("unfold", { title }) : t("fold", { title })}
            aria-expanded={!folded}
            onClick={() => actions.onToggle(doc.guid)}
            data-testid="doc-fold"
          >
            <Icon name="chevronRight" size={14} className={`transition-transform ${folded ? "" : "rotate-90"}`} />
          </button>
        ) : (
          <span className="w-5 shrink-0" aria-hidden="true" />
        )}
        <span className={`shrink-0 ${KIND_TONE[doc.kind]}`}>
          <Icon name={KIND_ICON[doc.kind]} size={16} />
        </span>
        {renaming ? (
          <RenameInput
            doc={doc}
            onDone={(next) => {
              setRenaming(null);
              if (next !== null && next !== doc.title) actions.onRename(doc.guid, next);
            }}
          />
        ) : (
          <Link
            to={`/project/${projectGuid}/docs/${doc.guid}`}
            className={`min-w-0 flex-1 truncate rounded px-1 py-0.5 focus-visible:shadow-[0_0_0_2px_var(--ring)] focus-visible:outline-none ${doc.title ? "" : "muted italic"} ${selected ? "text-[var(--primary)]" : ""}`}
            aria-current={selected ? "page" : undefined}
            onKeyDown={onKeyDown}
            onDoubleClick={canWrite ? () => setRenaming(doc.guid) : undefined}
            title={title}
            data-testid="doc-open"
          >
            {title}
          </Link>
        )}
        {kids > 0 && !renaming && (
          <span className="muted shrink-0 rounded-full bg-[var(--surface-2)] px-1.5 text-[11px] leading-4 font-semibold tabular-nums group-hover:bg-[var(--surface)]" title={t("childCount", { count: kids })} data-testid="doc-child-count">
            {kids}
          </span>
        )}
        {canWrite && !renaming && (
          <div className="opacity-0 group-hover:opacity-100 focus-within:opacity-100 has-[[aria-expanded=true]]:opacity-100">
            <Menu
              label={t("actions", { title })}
              button={<Icon name="more" size={16} />}
              buttonClassName="muted flex h-6 w-6 items-center justify-center rounded hover:bg-[var(--border)] focus-visible:shadow-[0_0_0_2px_var(--ring)] focus-visible:outline-none"
              testId="doc-row-menu"
              sections={[
                ...(canNest
                  ? [
                      {
                        heading: t("newIn", { title }),
                        items: kindItems(t, (kind) => actions.onCreate(kind, doc.guid), "doc-add"),
                      },
                    ]
                  : []),
                {
                  items: [
                    { key: "rename", label: t("rename"), icon: <Icon name="pencil" size={16} />, onSelect: () => setRenaming(doc.guid), testId: "doc-rename" },
                    { key: "delete", label: t("delete"), icon: <Icon name="trash" size={16} />, danger: true, onSelect: () => actions.onDelete(doc), testId: "doc-delete" },
                  ],
                },
              ]}
            />
          </div>
        )}
      </div>
    </li>
  );
}

export function DocTree({
  docs,
  folded,
  selected,
  projectGuid,
  canWrite,
  renaming,
  setRenaming,
  actions,
}: {
  docs: DocView[];
  folded: ReadonlySet<string>;
  selected: string | null;
  projectGuid: string;
  canWrite: boolean;
  renaming: string | null;
  setRenaming: (guid: string | null) => void;
  actions: TreeActions;
}) {
  const { t } = useTranslation("docs");
  const [active, setActive] = useState<string | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const [offsetX, setOffsetX] = useState(0);
  // While a row is dragged its children are not shown: they travel with it.
  const rows = useMemo(() => flatten(docs, folded, active ?? undefined), [docs, folded, active]);
  const ids = useMemo(() => rows.map((r) => r.node.guid), [rows]);
  const indexOf = (guid: string | null) => (guid ? ids.indexOf(guid) : -1);
  // The dragged subtree must end at most DOC_MAX_DEPTH levels deep (depth here counts from 0).
  const maxDepth = useMemo(() => (active ? DOC_MAX_DEPTH - heightOf(docs, active) : 0), [docs, active]);
  const projection = active && over ? projectDrop(rows, indexOf(active), indexOf(over), offsetX, INDENT, maxDepth) : null;
  const titleOf = (guid: string | number | undefined) => {
    const doc = docs.find((d) => d.guid === guid);
    return doc?.title || t("untitled");
  };

  const reset = () => {
    setActive(null);
    setOver(null);
    setOffsetX(0);
  };
  const onDragStart = ({ active: a }: DragStartEvent) => {
    setActive(String(a.id));
    setOver(String(a.id));
    setOffsetX(0);
  };
  // The offset comes with every move; the row under it is known only once collisions are
  // recomputed, which dnd-kit reports as a separate "over" event.
  const onDragMove = ({ delta }: DragMoveEvent) => setOffsetX(delta.x);
  const onDragOver = ({ over: o }: DragOverEvent) => setOver(o ? String(o.id) : null);
  const onDragEnd = ({ active: a }: DragEndEvent) => {
    const drop = projection;
    reset();
    if (drop) actions.onMove(String(a.id), drop.parent, drop.index);
  };

  const announcements: Announcements = {
    onDragStart: ({ active: a }) => t("dnd.picked", { title: titleOf(a.id) }),
    onDragOver: ({ active: a, over: o }) => (o ? t("dnd.over", { title: titleOf(a.id), position: indexOf(String(o.id)) + 1 }) : undefined),
    onDragEnd: ({ active: a }) => t("dnd.dropped", { title: titleOf(a.id) }),
    onDragCancel: ({ active: a }) => t("dnd.cancelled", { title: titleOf(a.id) }),
  };

  // Siblings per parent among the visible rows, for aria-setsize.
  const siblingCount = new Map<string | null, number>();
  for (const r of rows) siblingCount.set(r.parent, (siblingCount.get(r.parent) ?? 0) + 1);

  return (
    <DragContext
      keyboard={treeKeyboardCoordinates}
      collisionDetection={closestCenter}
      onDragStart={onDragStart}
      onDragMove={onDragMove}
      onDragOver={onDragOver}
      onDragEnd={onDragEnd}
      onDragCancel={reset}
      instructions={t("dnd.instructions")}
      announcements={announcements}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        <ul role="tree" aria-label={t("tree")} className="flex flex-col gap-px" data-testid="doc-tree">
          {rows.map((row) => (
            <TreeRow
              key={row.node.guid}
              row={row}
              depth={row.node.guid === active && projection ? projection.depth : row.depth}
              projectGuid={projectGuid}
              selected={row.node.guid === selected}
              folded={folded.has(row.node.guid)}
              canWrite={canWrite}
              renaming={renaming === row.node.guid}
              setRenaming={setRenaming}
              actions={actions}
              position={row.index + 1}
              siblings={siblingCount.get(row.parent) ?? 1}
            />
          ))}
        </ul>
      </SortableContext>
    </DragContext>
  );
}
