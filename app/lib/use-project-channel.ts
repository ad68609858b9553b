/**
 * The one listener on a project's channel (`/ws/project/{guid}`) that the live hooks of the
 * boards, the document tree and the code pages are made of. `hears` picks the messages the page
 * cares about; `onMessage` gets them and `onOpen` runs each time the socket opens, unless the
 * page says when its data were read (`readAt`, the loader's clock) and the room's greeting says
 * nothing changed since (`missedChanges`): then there is nothing to read again. The latest
 * callbacks are used without reopening the socket; `scope` (e.g. the viewer or the repository)
 * reopens it when it changes. Reconnecting stops once the server says the session or the access
 * is gone. `whenIdle` opens it once the browser is idle (a page fresh from its loader).
 */
import { useEffect, useRef } from "react";
import { CLOSE } from "../../domain/wire/close-codes";
import type { ProjectMessage } from "../../domain/wire/live/project";
import { missedChanges } from "../../domain/wire/live/project-missed";
import { openLiveSocket } from "./live-socket";

export function useProjectChannel<M extends ProjectMessage>(
  projectGuid: string,
  listener: {
    hears: (message: ProjectMessage) => message is M;
    onMessage: (message: M) => void;
    onOpen?: () => void;
    /** When the page's data were read (ms since the epoch, the server's clock), if it knows. */
    readAt?: number;
    enabled?: boolean;
    whenIdle?: boolean;
  },
  scope?: string,
) {
  const latest = useRef(listener);
  latest.current = listener;
  const enabled = listener.enabled ?? true;
  const whenIdle = listener.whenIdle ?? false;
  useEffect(() => {
    if (!enabled) return;
    // The frames' schema (and zod's first schema with it) loads with the socket, not the page.
    const schema = () => import("../../domain/wire/live/project").then((module) => module.projectFrame);
    return openLiveSocket(`/ws/project/${projectGuid}`, schema, {
      onMessage: (frame) => {
        // The room greets every socket as it opens, reconnections included.
        if (frame.type === "hello") {
          if (missedChanges(frame, latest.current.readAt)) latest.current.onOpen?.();
        } else if (latest.current.hears(frame)) latest.current.onMessage(frame);
      },
      finalCodes: [CLOSE.UNAUTHORIZED, CLOSE.FORBIDDEN],
      whenIdle,
    });
  }, [projectGuid, enabled, scope, whenIdle]);
}
