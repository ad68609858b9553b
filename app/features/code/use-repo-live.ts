/**
 * Keeps a repository's pages live: listens on the project's channel for `git_pushed` of this
 * repository and calls `onPush`. One's own pushes count too: they come from the command line,
 * not from this page. Each time the socket opens `onPush` runs as well: a push between the
 * page's data being read and the socket opening was told to nobody.
 */
import type { ProjectMessage } from "../../../domain/wire/live/project";
import { useProjectChannel } from "../../lib/use-project-channel";

type RepoMessage = Extract<ProjectMessage, { type: "git_pushed" | "repos_changed" }>;

export function useRepoLive(projectGuid: string, repoGuid: string | undefined, onPush: () => void) {
  useProjectChannel(
    projectGuid,
    { hears: (m): m is RepoMessage => m.type === "git_pushed" && m.repo === repoGuid, onMessage: onPush, onOpen: onPush, enabled: Boolean(repoGuid) },
    repoGuid,
  );
}

/**
 * Keeps the repository list live: any repository of the project created, imported, renamed,
 * deleted or pushed to (its last commit and size change) calls `onChange`, as does each opening
 * of the socket.
 */
export function useRepoListLive(projectGuid: string, onChange: () => void) {
  useProjectChannel(projectGuid, { hears: (m): m is RepoMessage => m.type === "repos_changed" || m.type === "git_pushed", onMessage: onChange, onOpen: onChange });
}
