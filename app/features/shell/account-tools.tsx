/**
 * The signed-in end of the top bar: licence, help, notifications and the account link. Its own
 * module so that a guest's pages never load it (app-header.tsx loads it on demand; the
 * signed-in layout imports it with the app's first JavaScript).
 */
import { Link } from "react-router";
import { Avatar } from "../../components/ui/avatar";
import { LicenceBadge } from "../billing/licence-badge";
import { NotificationsMenu } from "../hub/notifications-menu";
import { HelpMenu } from "./help-menu";
import type { WhoAmI } from "../../../domain/auth/schemas";

export function AccountTools({ user }: { user: WhoAmI }) {
  return (
    <>
      <LicenceBadge />
      <HelpMenu />
      <div data-tour="notifications">
        <NotificationsMenu />
      </div>
      <Link to="/settings/profile" className="flex shrink-0 items-center gap-2 rounded-lg px-1 py-1 hover:bg-[var(--surface-2)] sm:px-2" data-testid="user-menu">
        <Avatar user={user} size={28} />
        {/* The name is the link's accessible name at every width; it shows from `md` up. */}
        <span className="sr-only text-sm font-medium md:not-sr-only">{user.name}</span>
      </Link>
    </>
  );
}
