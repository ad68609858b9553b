import { Outlet, redirect } from "react-router";
import { cloudflareContext } from "../../workers/context";
import { AppHeader } from "../features/shell/app-header";
// Loaded on demand by the header (a guest's pages never need it); here with the app's first chunks.
import "../features/shell/account-tools";
import { FeedbackButton } from "../features/shell/feedback-dialog";
import { CommandPaletteProvider } from "../features/shell/palette";
import { Tour } from "../features/shell/tour";
import { viewerOf } from "../lib/viewer.server";
import type { Route } from "./+types/signed-in";

/** Pages behind sign-in; a guest is sent to the sign-in page and back afterwards. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { env } = context.get(cloudflareContext);
  if (!(await viewerOf(request, env))) {
    const url = new URL(request.url);
    return redirect(`/login?next=${encodeURIComponent(url.pathname + url.search)}`);
  }
  return null;
}

export default function SignedIn() {
  return (
    <CommandPaletteProvider>
      <div className="flex min-h-screen flex-col">
        <AppHeader />
        <div className="flex-1">
          <Outlet />
        </div>
        <footer className="mx-auto flex w-full max-w-6xl justify-end px-4 py-6">
          <FeedbackButton />
        </footer>
        <Tour />
      </div>
    </CommandPaletteProvider>
  );
}
