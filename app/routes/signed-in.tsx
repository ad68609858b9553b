import { Outlet, redirect } from "react-router";
import { cloudflareContext } from "../../workers/context";
import { AppHeader } from "../features/shell/app-header";
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
    <div className="min-h-screen">
      <AppHeader />
      <Outlet />
    </div>
  );
}
