import { JiraImportPanel } from "../features/jira/jira-import-panel";
import { NoAccess } from "../features/projects/no-access";
import { useProject } from "../features/projects/use-project";

/** `/project/{guid}/settings/jira`: import from Jira into this project (root only; the API checks too). */
export default function ProjectSettingsJira() {
  const project = useProject();
  if (!project.access.root) return <NoAccess />;
  // Keyed by project: starting an import into a new project moves here with a fresh panel.
  return <JiraImportPanel key={project.guid} projectGuid={project.guid} />;
}
