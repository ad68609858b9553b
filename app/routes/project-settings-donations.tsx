import { ProjectDonationsPanel } from "../features/billing/project-donations";
import { NoAccess } from "../features/projects/no-access";
import { useProject } from "../features/projects/use-project";

/** `/project/{guid}/settings/donations`: the project's public donation page and what it received (root only; the API checks too). */
export default function ProjectSettingsDonations() {
  const project = useProject();
  if (!project.access.root) return <NoAccess />;
  return <ProjectDonationsPanel projectGuid={project.guid} />;
}
