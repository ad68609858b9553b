import { useRouteLoaderData } from "react-router";
import type { WhoAmI } from "../../../domain/auth/schemas";

/** The signed-in user from the root loader, or null for a guest. */
export function useViewer(): WhoAmI | null {
  const data = useRouteLoaderData("root") as { user: WhoAmI | null } | undefined;
  return data?.user ?? null;
}
