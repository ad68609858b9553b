/**
 * Keeps a repository's pages live: listens on the project's channel (`/ws/project/{guid}`) for
 * `git_pushed` of this repository and calls `onPush`. One's own pushes count too: they come from
 * the command line, not from this page. Each time the socket opens `onPush` runs as well: a push
 * between the page's data being read and the socket opening was told to nobody.
 */
import { useEffect, useRef } from "react";
import { CLOSE } from "../../../domain/wire/close-codes";
import { projectMessage } from "../../../domain/wire/live/project";
import { openLiveSocket } from "../../lib/live-socket";

export function useRepoLive(projectGuid: string, repoGuid: string | undefined, onPush: () => void) {
  const latest = useRef(onPush);
  latest.current = onPush;
  useEffect(() => {
    if (!repoGuid) return;
    return openLiveSocket(`/ws/project/${projectGuid}`, projectMessage, {
      onMessage: (message) => {
        if (message.type === "git_pushed" && message.repo === repoGuid) latest.current();
      },
      onOpen: () => latest.current(),
      finalCodes: [CLOSE.UNAUTHORIZED, CLOSE.FORBIDDEN],
    });
  }, [projectGuid, repoGuid]);
}

/**
 * Keeps the repository list live: any repository of the project created, imported, renamed,
 * deleted or pushed to (its last commit and size change) calls `onChange`, as does each opening
 * of the socket.
 */
export function useRepoListLive(projectGuid: string, onChange: () => void) {
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(
    () =>
      openLiveSocket(`/ws/project/${projectGuid}`, projectMessage, {
        onMessage: (message) => {
          if (message.type === "repos_changed" || message.type === "git_pushed") latest.current();
        },
        onOpen: () => latest.current(),
        finalCodes: [CLOSE.UNAUTHORIZED, CLOSE.FORBIDDEN],
      }),
    [projectGuid],
  );
}
