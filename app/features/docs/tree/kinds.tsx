/** How each kind of document is drawn in the tree and its menus. */
import type { TFunction } from "i18next";
import { DOC_KINDS, type DocKind } from "../../../../domain/docs/layout";
import { Icon, type IconName } from "../../../components/ui/icons";

export const KIND_ICON: Record<DocKind, IconName> = { text: "document", bpmn: "bpmn", drawing: "drawing", table: "table" };

/** Each kind's accent, from the theme's palette, so the tree reads at a glance. */
export const KIND_TONE: Record<DocKind, string> = {
  text: "text-[var(--primary)]",
  bpmn: "text-amber-600 dark:text-amber-400",
  drawing: "text-pink-600 dark:text-pink-400",
  table: "text-emerald-600 dark:text-emerald-400",
};

/** The four kinds as items of a "new document" menu (`t` of the `docs` namespace). */
export function kindItems(t: TFunction, onPick: (kind: DocKind) => void, testPrefix: string) {
  return DOC_KINDS.map((kind) => ({
    key: kind,
    label: t(`kinds.${kind}`),
    icon: (
      <span className={KIND_TONE[kind]}>
        <Icon name={KIND_ICON[kind]} size={16} />
      </span>
    ),
    onSelect: () => onPick(kind),
    testId: `${testPrefix}-${kind}`,
  }));
}
