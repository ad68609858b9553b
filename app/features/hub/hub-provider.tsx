/**
 * The live user hub in the browser: opens `/ws/user/{guid}` once the user is known, keeps the
 * invitations and notifications of spec §4, and lets screens listen to pushed messages.
 */
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useReducer, useRef } from "react";
import { CLOSE } from "../../../domain/wire/close-codes";
import type { HubMessage, InviteView, NotificationView } from "../../../domain/wire/live/hub";
import { accessEffect, emptyHubState, type HubAction, type HubState, hubReducer } from "../../../domain/hub/state";
import { apiCall } from "../../lib/api";
import { openLiveSocket } from "../../lib/live-socket";

type Listener = (message: HubMessage) => void;

interface HubValue {
  state: HubState;
  dispatch: (action: HubAction) => void;
  /** Subscribes to pushed messages; returns the unsubscribe function. */
  subscribe: (listener: Listener) => () => void;
}

const HubContext = createContext<HubValue | null>(null);
const NOTIFICATIONS_PAGE = 50;

export function HubProvider({ userGuid, children }: { userGuid: string | null; children: ReactNode }) {
  const [state, dispatch] = useReducer(hubReducer, emptyHubState);
  const listeners = useRef(new Set<Listener>());

  useEffect(() => {
    if (!userGuid) {
      dispatch({ type: "clear" });
      return;
    }
    let cancelled = false;
    // Loaded on every (re)connect: whatever was pushed while the socket was down is in D1.
    const load = async () => {
      const [invites, notifications] = await Promise.all([
        apiCall<InviteView[]>("GET", "/v1/project/invited"),
        apiCall<NotificationView[]>("GET", `/v1/my-notifications?limit=${NOTIFICATIONS_PAGE}`),
      ]);
      if (!cancelled && invites.data && notifications.data) {
        dispatch({ type: "loaded", invites: invites.data, notifications: notifications.data });
      }
    };
    // The schema (and zod with it) loads with the socket, only for a signed-in user.
    const schema = () => import("../../../domain/wire/live/hub").then((module) => module.hubMessage);
    const close = openLiveSocket(`/ws/user/${userGuid}`, schema, {
      onOpen: () => void load(),
      onMessage: (message) => {
        dispatch({ type: "message", message });
        for (const listener of listeners.current) listener(message);
        if (message.type === "update_project_access" && accessEffect(message, userGuid) === "reload") window.location.reload();
      },
      // Reconnect only while the user still exists and the session is valid (spec §4).
      finalCodes: [CLOSE.UNAUTHORIZED, CLOSE.NOT_FOUND],
      // Invitations and notifications are read on opening: after the page's hydration.
      whenIdle: true,
    });
    return () => {
      cancelled = true;
      close();
    };
  }, [userGuid]);

  const subscribe = useCallback((listener: Listener) => {
    listeners.current.add(listener);
    return () => void listeners.current.delete(listener);
  }, []);
  const value = useMemo(() => ({ state, dispatch, subscribe }), [state, subscribe]);
  return <HubContext.Provider value={value}>{children}</HubContext.Provider>;
}

export function useHub(): HubValue {
  const value = useContext(HubContext);
  if (!value) throw new Error("useHub outside HubProvider");
  return value;
}

/** Calls `listener` for every pushed message while the component is mounted. */
export function useHubMessages(listener: Listener) {
  const { subscribe } = useHub();
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => subscribe((m) => latest.current(m)), [subscribe]);
}
