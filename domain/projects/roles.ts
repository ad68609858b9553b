/**
 * Project roles. A participant's rights are the access flags of spec §3 (root, write, read,
 * is_verifications); a role is a named set of them, used by invitations and the team screen.
 *
 * - owner: created the project; root, cannot be removed or demoted.
 * - admin: root — settings, team, invitations, fields, workflow; plus everything below.
 * - member: write — creates and changes tasks, documents, rooms.
 * - viewer: read — sees everything in the project, changes nothing.
 * An unverified participant (is_verifications = false) has no access until a root verifies them.
 */
export const INVITE_ROLES = ["admin", "member", "viewer"] as const;
export type InviteRole = (typeof INVITE_ROLES)[number];
export type Role = "owner" | InviteRole;

export interface AccessFlags {
  root: boolean;
  write: boolean;
  read: boolean;
  is_verifications: boolean;
}

export type Need = "read" | "write" | "root";

export function flagsForRole(role: InviteRole): Omit<AccessFlags, "is_verifications"> {
  switch (role) {
    case "admin":
      return { root: true, write: true, read: true };
    case "member":
      return { root: false, write: true, read: true };
    case "viewer":
      return { root: false, write: false, read: true };
  }
}

export function roleOf(flags: Omit<AccessFlags, "is_verifications">, isOwner: boolean): Role {
  if (isOwner) return "owner";
  if (flags.root) return "admin";
  if (flags.write) return "member";
  return "viewer";
}

/** Root implies write implies read; a right is only usable once verified. */
export function allows(flags: AccessFlags, need: Need): boolean {
  if (!flags.is_verifications) return false;
  if (need === "root") return flags.root;
  if (need === "write") return flags.root || flags.write;
  return flags.root || flags.write || flags.read;
}

/** Keeps flags consistent when some are changed: root ⇒ write ⇒ read. */
export function normaliseFlags(flags: Omit<AccessFlags, "is_verifications">): Omit<AccessFlags, "is_verifications"> {
  const root = flags.root;
  const write = root || flags.write;
  const read = write || flags.read;
  return { root, write, read };
}
