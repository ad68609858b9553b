import { redirect } from "react-router";
import type { Route } from "./+types/project-start";

/** `/project/{guid}/start` leads to the project root (spec §2). */
export function loader({ params }: Route.LoaderArgs) {
  return redirect(`/project/${params.guid}`);
}

export default function ProjectStart() {
  return null;
}
