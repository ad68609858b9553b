import type { WhoAmI } from "../../../domain/auth/schemas";

const PRESET_EMOJI: Record<string, string> = { fox: "🦊", owl: "🦉", cat: "🐱", bear: "🐻", panda: "🐼", whale: "🐳" };

/** A user's picture: an uploaded image, a preset animal, or initials on their colour. */
export function Avatar({ user, size = 32 }: { user: Pick<WhoAmI, "name" | "color" | "avatar">; size?: number }) {
  const style = { width: size, height: size, background: user.color, fontSize: size * 0.42 };
  if (user.avatar?.startsWith("/")) {
    return <img src={user.avatar} alt="" className="rounded-full object-cover" style={{ width: size, height: size }} />;
  }
  const preset = user.avatar ? PRESET_EMOJI[user.avatar] : undefined;
  const initials = user.name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join("");
  return (
    <span
      aria-hidden="true"
      className="inline-flex shrink-0 items-center justify-center rounded-full font-semibold text-white"
      style={style}
    >
      {preset ?? initials}
    </span>
  );
}
