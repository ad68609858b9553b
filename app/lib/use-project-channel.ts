/**
 * The one listener on a project's channel (`/ws/project/{guid}`) that the live hooks of the
 * boards, the document tree and the code pages are made of. `hears` picks the messages the page
 * cares about; `onMessage` gets them and `onOpen` runs each time the socket opens. The latest
 * callbacks are used without reopening the socket; `scope` (e.g. the viewer or the repository)
 * reopens it when it changes. Reconnecting stops once the server says the session or the access
 * is gone. `whenIdle` opens it once the browser is idle (a page fresh from its loader).
 */
import { useEffect, useRef } from "react";
import { CLOSE } from "../../domain/wire/close-codes";
import { type ProjectMessage, projectMessage } from "../../domain/wire/live/project";
import { openLiveSocket } from "./live-socket";

export function useProjectChannel<M extends ProjectMessage>(
  projectGuid: string,
  listener: { hears: (message: ProjectMessage) => message is M; onMessage: (message: M) => void; onOpen?: () => void; enabled?: boolean; whenIdle?: boolean },
  scope?: string,
) {
  const latest = useRef(listener);
  latest.current = listener;
  const enabled = listener.enabled ?? true;
  const whenIdle = listener.whenIdle ?? false;
  useEffect(() => {
    if (!enabled) return;
    return openLiveSocket(`/ws/project/${projectGuid}`, projectMessage, {
      onMessage: (message) => {
        if (latest.current.hears(message)) latest.current.onMessage(message);
      },
      onOpen: () => latest.current.onOpen?.(),
      finalCodes: [CLOSE.UNAUTHORIZED, CLOSE.FORBIDDEN],
      whenIdle,
    });
  }, [projectGuid, enabled, scope, whenIdle]);
}
