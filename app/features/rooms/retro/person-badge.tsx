import { Avatar } from "../../../components/ui/avatar";

/**
 * A stable colour per person: guests and members of a room have no profile colour here, and
 * everyone must see the same one for the same person.
 */
export function colourOf(id: string): string {
  let hash = 0;
  for (let i = 0; i < id.length; i++) hash = (hash * 31 + id.charCodeAt(i)) | 0;
  return `hsl(${Math.abs(hash) % 360} 55% 45%)`;
}

/** A participant's initials on their colour. */
export function PersonAvatar({ id, name, size = 22 }: { id: string; name: string; size?: number }) {
  return <Avatar user={{ name, color: colourOf(id), avatar: null }} size={size} />;
}
