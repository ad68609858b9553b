/**
 * The account forms' bounds, without zod: pages that only need these (the landing page's
 * company sizes) do not load the schema library with their first JavaScript.
 */
export const PASSWORD_MIN_LENGTH = 8;
/** Long enough for passphrases, short enough that hashing cannot be used to burn CPU. */
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 80;
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const AVATAR_TYPES = ["image/png", "image/jpeg", "image/webp", "image/gif"] as const;
/** Colours a user can pick for their avatar badge (rooms colour a guest's badge with them too). */
export const USER_COLORS = [
  "#4f46e5",
  "#0ea5e9",
  "#10b981",
  "#f59e0b",
  "#ef4444",
  "#ec4899",
  "#8b5cf6",
  "#64748b",
] as const;
export const COMPANY_SIZES = ["1", "2-10", "11-50", "51-200", "201-1000", "1000+"] as const;
