/**
 * The browser's live state fed by the user hub (spec §4): invitations and notifications.
 * Pure, so the rules (dedup, ordering, clearing) are tested without a socket.
 */
import type { HubMessage, InviteView, NotificationView } from "../wire/live/hub";

export interface HubState {
  invites: InviteView[];
  notifications: NotificationView[];
  /** Set by `modification_text` until the document screen has taken it (then cleared). */
  textModification: { id: string; text: string } | null;
  aiChat: unknown;
  license: { type_license: string } | null;
  /** The latest progress of each Jira import this user runs, by import guid. */
  jiraImports: Record<string, Extract<HubMessage, { type: "jira_import" }>>;
}

export const emptyHubState: HubState = { invites: [], notifications: [], textModification: null, aiChat: null, license: null, jiraImports: {} };

export type HubAction =
  | { type: "loaded"; invites: InviteView[]; notifications: NotificationView[] }
  | { type: "message"; message: HubMessage }
  | { type: "removeNotification"; id: string }
  | { type: "removeInvite"; guid: string }
  | { type: "clear" }
  | { type: "textTaken" };

/** Appends loaded notifications after the ones already known, skipping ids seen before. */
export function mergeLoaded(current: NotificationView[], loaded: NotificationView[]): NotificationView[] {
  const seen = new Set(current.map((n) => n.id));
  return [...current, ...loaded.filter((n) => !seen.has(n.id) && seen.add(n.id))];
}

/** Puts a pushed notification in front, unless its id is already known. */
export function prependPushed(current: NotificationView[], pushed: NotificationView): NotificationView[] {
  return current.some((n) => n.id === pushed.id) ? current : [pushed, ...current];
}

export function hubReducer(state: HubState, action: HubAction): HubState {
  switch (action.type) {
    case "loaded": {
      const known = new Set(state.invites.map((i) => i.guid));
      return {
        ...state,
        invites: [...state.invites, ...action.invites.filter((i) => !known.has(i.guid))],
        notifications: mergeLoaded(state.notifications, action.notifications),
      };
    }
    case "removeNotification":
      return { ...state, notifications: state.notifications.filter((n) => n.id !== action.id) };
    case "removeInvite":
      return { ...state, invites: state.invites.filter((i) => i.guid !== action.guid) };
    case "clear":
      return { ...state, notifications: [], invites: [] };
    case "textTaken":
      return { ...state, textModification: null };
    case "message":
      return applyMessage(state, action.message);
  }
}

function applyMessage(state: HubState, m: HubMessage): HubState {
  switch (m.type) {
    case "invite_project":
      return state.invites.some((i) => i.guid === m.invite.guid) ? state : { ...state, invites: [m.invite, ...state.invites] };
    case "delete_invite_project":
      return { ...state, invites: state.invites.filter((i) => i.guid !== m.guid) };
    case "notification":
      return { ...state, notifications: prependPushed(state.notifications, m.notification) };
    case "update_license_user":
      return { ...state, license: m.license };
    case "modification_text":
      return { ...state, textModification: { id: m.id, text: m.text } };
    case "openai_chat":
      return { ...state, aiChat: m.content };
    case "update_project_access":
      // Handled by the project screens (see `accessEffect`); nothing to keep here.
      return state;
    case "jira_import":
      return { ...state, jiraImports: { ...state.jiraImports, [m.import]: m } };
  }
}

/** What an access change means for this browser (spec §4). */
export type AccessEffect = "ignore" | "updateProject" | "reload";

export function accessEffect(
  message: Extract<HubMessage, { type: "update_project_access" }>,
  currentUserGuid: string,
): AccessEffect {
  if (message.participant.guid !== currentUserGuid) return "ignore";
  return message.is_verifications ? "reload" : "updateProject";
}
