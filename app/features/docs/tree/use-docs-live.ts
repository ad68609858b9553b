/**
 * Keeps a document tree live: listens on the project's channel for `docs_changed` and calls
 * `onChange` when someone else created, renamed, moved, shared or deleted documents (one's own
 * changes are already on screen).
 */
import type { ProjectMessage } from "../../../../domain/wire/live/project";
import { useProjectChannel } from "../../../lib/use-project-channel";

export type DocsMessage = Extract<ProjectMessage, { type: "docs_changed" }>;

export function useDocsLive(projectGuid: string, viewerGuid: string | undefined, onChange: (message: DocsMessage) => void) {
  useProjectChannel(projectGuid, { hears: (m): m is DocsMessage => m.type === "docs_changed" && m.by !== viewerGuid, onMessage: onChange }, viewerGuid);
}
