import { useOutletContext } from "react-router";
import type { ProjectView } from "../../../workers/services/projects";

/** The project of the surrounding `/project/{guid}` layout. */
export function useProject(): ProjectView {
  return useOutletContext<ProjectView>();
}
