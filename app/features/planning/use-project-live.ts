/**
 * Keeps a board live: listens on the project's channel and calls `onChange` for every change
 * another person makes (one's own changes are already on screen). Stops reconnecting once the
 * server says the session or the access is gone.
 *
 * `onOpen` runs each time the socket opens, the first time included, when something may have
 * changed between the page's data being read (`readAt`, from its loader) and the socket opening
 * (or while it was down): that was told to nobody, so the page reads its data again then. When
 * the room says nothing changed since `readAt`, nothing is read twice.
 */
import type { ProjectMessage } from "../../../domain/wire/live/project";
import { useProjectChannel } from "../../lib/use-project-channel";

/**
 * What boards hear: document changes go to the document tree's own listener (`useDocsLive`),
 * pushes to the code pages' (`useRepoLive`).
 */
export type BoardMessage = Exclude<ProjectMessage, { type: "docs_changed" | "git_pushed" | "repos_changed" }>;

export function useProjectLive(projectGuid: string, viewerGuid: string | undefined, onChange: (message: BoardMessage) => void, onOpen?: () => void, readAt?: number) {
  useProjectChannel(
    projectGuid,
    {
      hears: (m): m is BoardMessage => m.by !== viewerGuid && m.type !== "docs_changed" && m.type !== "git_pushed" && m.type !== "repos_changed",
      onMessage: onChange,
      onOpen,
      readAt,
      // The page is fresh from its loader; the socket (and the read on its opening) waits for idle.
      whenIdle: true,
    },
    viewerGuid,
  );
}
