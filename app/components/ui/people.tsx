import type { ParticipantView } from "../../../workers/services/projects";
import { Avatar } from "./avatar";

/** Overlapping avatars with the people's names for assistive technology and on hover. */
export function People({ ids, people, size = 22, withNames = false }: { ids: readonly string[]; people: ReadonlyMap<string, ParticipantView>; size?: number; withNames?: boolean }) {
  const known = ids.flatMap((id) => (people.has(id) ? [people.get(id)!] : []));
  const names = known.map((p) => p.name).join(", ");
  if (known.length === 0) return null;
  return (
    <span className="inline-flex min-w-0 items-center gap-1.5" title={names}>
      <span className="flex shrink-0 -space-x-1.5">
        {known.slice(0, 4).map((p) => (
          <span key={p.guid} className="flex rounded-full ring-2 ring-[var(--surface)]">
            <Avatar user={p} size={size} />
          </span>
        ))}
      </span>
      {known.length > 4 && <span className="muted text-xs">+{known.length - 4}</span>}
      <span className={withNames ? "truncate text-sm" : "sr-only"}>{names}</span>
    </span>
  );
}
