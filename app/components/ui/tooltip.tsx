/**
 * The app's tooltip: one react-tooltip host in the shell (features/shell/overlays.tsx) shows the
 * text of whatever element carries these attributes. A tooltip repeats a name; the element still
 * needs its own accessible name (`aria-label`), since the tooltip is not announced.
 */
import { TOOLTIP } from "../../../domain/shell";

export function tooltip(text: string) {
  return { "data-tooltip-id": TOOLTIP.id, "data-tooltip-content": text } as const;
}
