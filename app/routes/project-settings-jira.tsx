import { JiraImportPanel } from "../features/jira/jira-import-panel";
import { NoAccess } from "../features/projects/no-access";
import { useProject } from "../features/projects/use-project";

/** `/project/{guid}/settings/jira`: import from Jira into this project (root only; the API checks too). */
export default function ProjectSettingsJira() {
  const project = useProject();
  if (!project.access.root) return <NoAccess />;
  return <JiraImportPanel projectGuid={project.guid} />;
}
