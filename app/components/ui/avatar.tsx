import type { WhoAmI } from "../../../domain/auth/schemas";
import { inkOn } from "../../../domain/ui/contrast";

/**
 * The preset pictures, drawn as SVG in white on the user's colour (emoji would depend on the
 * visitor's fonts). Each is a face told apart by its ears and eyes.
 */
function PresetFace({ preset }: { preset: string }) {
  const eyes = (r = 1.6, y = 13) => (
    <>
      <circle cx="9.5" cy={y} r={r} fill="currentColor" />
      <circle cx="16.5" cy={y} r={r} fill="currentColor" />
    </>
  );
  switch (preset) {
    case "fox":
      return (
        <>
          <path d="M4 4l5 6M22 4l-5 6" stroke="white" strokeWidth="2.2" strokeLinecap="round" />
          <path d="M5 11c2 7 5 10 8 10s6-3 8-10c-3-2-13-2-16 0z" fill="white" />
          {eyes(1.4, 14)}
        </>
      );
    case "cat":
      return (
        <>
          <path d="M6 11V5l4 4M20 11V5l-4 4" stroke="white" strokeWidth="2" strokeLinejoin="round" fill="none" />
          <circle cx="13" cy="14.5" r="7" fill="white" />
          {eyes(1.3, 14)}
          <path d="M3 16h5M18 16h5" stroke="white" strokeWidth="1.2" />
        </>
      );
    case "bear":
      return (
        <>
          <circle cx="7" cy="7" r="3" fill="white" />
          <circle cx="19" cy="7" r="3" fill="white" />
          <circle cx="13" cy="14" r="8" fill="white" />
          {eyes(1.3, 12.5)}
          <circle cx="13" cy="17" r="1.8" fill="currentColor" />
        </>
      );
    case "panda":
      return (
        <>
          <circle cx="7" cy="7" r="3" fill="currentColor" stroke="white" strokeWidth="1.5" />
          <circle cx="19" cy="7" r="3" fill="currentColor" stroke="white" strokeWidth="1.5" />
          <circle cx="13" cy="14" r="8" fill="white" />
          <ellipse cx="9.5" cy="13.5" rx="2.2" ry="2.8" fill="currentColor" />
          <ellipse cx="16.5" cy="13.5" rx="2.2" ry="2.8" fill="currentColor" />
        </>
      );
    case "owl":
      return (
        <>
          <path d="M5 6l3 4M21 6l-3 4" stroke="white" strokeWidth="2" strokeLinecap="round" />
          <circle cx="9" cy="13" r="4" fill="white" />
          <circle cx="17" cy="13" r="4" fill="white" />
          <circle cx="9" cy="13" r="1.7" fill="currentColor" />
          <circle cx="17" cy="13" r="1.7" fill="currentColor" />
          <path d="M12 17l1 2 1-2z" fill="white" />
        </>
      );
    default:
      return (
        <>
          <path d="M3 15c3-5 8-7 13-6 3 .6 5 2.5 6 5-2 4-6 6-11 6-4 0-6-2-8-5z" fill="white" />
          <path d="M20 8c1-2 3-3 4-3-1 2-1 3-2 4" stroke="white" strokeWidth="1.6" fill="none" strokeLinecap="round" />
          <circle cx="10" cy="14" r="1.3" fill="currentColor" />
        </>
      );
  }
}

/** The letters an avatar without a picture shows: the first of up to two words. */
export function avatarInitials(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join("");
}

/** A user's picture: an uploaded image, a preset face, or initials on their colour. */
export function Avatar({ user, size = 32 }: { user: Pick<WhoAmI, "name" | "color" | "avatar">; size?: number }) {
  if (user.avatar?.startsWith("/")) {
    return <img src={user.avatar} alt="" className="shrink-0 rounded-full object-cover" style={{ width: size, height: size }} />;
  }
  if (user.avatar) {
    return (
      <svg viewBox="0 0 26 26" width={size} height={size} aria-hidden="true" className="shrink-0 rounded-full" style={{ background: user.color, color: user.color }}>
        <PresetFace preset={user.avatar} />
      </svg>
    );
  }
  const initials = avatarInitials(user.name);
  return (
    <span
      aria-hidden="true"
      className="inline-flex shrink-0 items-center justify-center rounded-full font-semibold"
      style={{ width: size, height: size, background: user.color, color: inkOn(user.color), fontSize: size * 0.42 }}
    >
      {initials}
    </span>
  );
}
