/** How each kind of document is drawn in the tree and its menus. */
import type { DocKind } from "../../../../domain/docs/layout";
import type { IconName } from "../../../components/ui/icons";

export const KIND_ICON: Record<DocKind, IconName> = { text: "document", bpmn: "bpmn", drawing: "drawing", table: "table" };

/** Each kind's accent, from the theme's palette, so the tree reads at a glance. */
export const KIND_TONE: Record<DocKind, string> = {
  text: "text-[var(--primary)]",
  bpmn: "text-amber-600 dark:text-amber-400",
  drawing: "text-pink-600 dark:text-pink-400",
  table: "text-emerald-600 dark:text-emerald-400",
};
