/** A room participant's initials on a colour picked from their id, the same in every browser. */
import { USER_COLORS } from "../../../domain/auth/schemas";
import { inkOn } from "../../../domain/ui/contrast";

function colourOf(id: string): string {
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
      className={`inline-flex shrink-0 items-center justify-center rounded-full font-semibold ${dimmed ? "opacity-45 grayscale" : ""}`}
      style={{ width: size, height: size, background: colourOf(id), color: inkOn(colourOf(id)), fontSize: size * 0.4 }}
    >
      {initialsOf(name)}
    </span>
  );
}
