/** A room participant's initials on a colour picked from their id, the same in every browser. */
import { USER_COLORS } from "../../../domain/auth/limits";
import { inkOn } from "../../../domain/ui/contrast";

/** A stable colour from the user palette for a participant id, the same in every browser. */
export function colourOf(id: string): string {
  let hash = 0;
  for (let i = 0; i < id.length; i++) hash = (hash * 31 + id.charCodeAt(i)) >>> 0;
  return USER_COLORS[hash % USER_COLORS.length]!;
}

export function initialsOf(name: string): string {
  return (
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((w) => [...w][0]!.toUpperCase())
      .join("") || "?"
  );
}

export function PersonBadge({ id, name, size = 32, dimmed = false }: { id: string; name: string; size?: number; dimmed?: boolean }) {
  return (
    <span
      aria-hidden="true"
      // Someone away is drawn in the page's muted ink on a plain disc, not faded: faded initials
      // fall below the 4.5:1 text contrast.
      className={`inline-flex shrink-0 items-center justify-center rounded-full font-semibold ${dimmed ? "border border-dashed border-[var(--border)]" : ""}`}
      style={{ width: size, height: size, background: dimmed ? "var(--surface-2)" : colourOf(id), color: dimmed ? "var(--muted)" : inkOn(colourOf(id)), fontSize: size * 0.4 }}
    >
      {initialsOf(name)}
    </span>
  );
}
