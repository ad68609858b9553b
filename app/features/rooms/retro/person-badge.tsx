import { Avatar } from "../../../components/ui/avatar";
import { colourOf } from "../person-badge";

/**
 * A participant's initials on their colour: the same palette and hash as the poker room's
 * badges (guests and members of a room have no profile colour here, and everyone must see the
 * same one for the same person), so the ink contrast is the palette's, checked to AA.
 */
export function PersonAvatar({ id, name, size = 22 }: { id: string; name: string; size?: number }) {
  return <Avatar user={{ name, color: colourOf(id), avatar: null }} size={size} />;
}
