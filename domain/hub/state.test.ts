import { describe, expect, it } from "vitest";
import type { InviteView, NotificationView } from "../wire/live/hub";
import { accessEffect, emptyHubState, hubReducer } from "./state";

const note = (id: string): NotificationView => ({ id, kind: "invited", project: "p", payload: {}, created_at: 1, read: false });
const invite = (guid: string): InviteView => ({
  guid,
  email: "a@b.c",
  value: "member",
  project: { guid: "p", name: "P" },
  invited_by: { guid: "u", name: "U" },
  created_at: 1,
});

describe("hub state", () => {
  it("puts pushed notifications in front and appends loaded ones, without duplicates", () => {
    let s = hubReducer(emptyHubState, { type: "message", message: { type: "notification", notification: note("b") } });
    s = hubReducer(s, { type: "loaded", invites: [], notifications: [note("a"), note("b"), note("c")] });
    s = hubReducer(s, { type: "message", message: { type: "notification", notification: note("d") } });
    s = hubReducer(s, { type: "message", message: { type: "notification", notification: note("a") } });
    expect(s.notifications.map((n) => n.id)).toEqual(["d", "b", "a", "c"]);
  });

  it("ignores an invitation whose guid is already present and removes one by guid", () => {
    let s = hubReducer(emptyHubState, { type: "message", message: { type: "invite_project", invite: invite("i1") } });
    s = hubReducer(s, { type: "message", message: { type: "invite_project", invite: { ...invite("i1"), value: "admin" } } });
    expect(s.invites).toEqual([invite("i1")]);
    s = hubReducer(s, { type: "message", message: { type: "delete_invite_project", guid: "i1" } });
    expect(s.invites).toEqual([]);
  });

  it("clears invitations together with notifications", () => {
    let s = hubReducer(emptyHubState, { type: "loaded", invites: [invite("i1")], notifications: [note("a")] });
    s = hubReducer(s, { type: "clear" });
    expect(s).toMatchObject({ invites: [], notifications: [] });
  });

  it("removes one notification", () => {
    const s = hubReducer(hubReducer(emptyHubState, { type: "loaded", invites: [], notifications: [note("a"), note("b")] }), { type: "removeNotification", id: "a" });
    expect(s.notifications.map((n) => n.id)).toEqual(["b"]);
  });

  it("keeps the licence, AI chat and text modification until taken", () => {
    let s = hubReducer(emptyHubState, { type: "message", message: { type: "update_license_user", license: { type_license: "pro" } } });
    s = hubReducer(s, { type: "message", message: { type: "openai_chat", content: ["x"] } });
    s = hubReducer(s, { type: "message", message: { type: "modification_text", id: "title", text: "T" } });
    expect(s).toMatchObject({ license: { type_license: "pro" }, aiChat: ["x"], textModification: { id: "title", text: "T" } });
    expect(hubReducer(s, { type: "textTaken" }).textModification).toBeNull();
  });
});

describe("accessEffect", () => {
  const message = (participant: string, is_verifications: boolean) =>
    ({ type: "update_project_access", project: { guid: "p" }, participant: { guid: participant }, is_verifications }) as const;
  it("updates the project when the current user's access changes", () => {
    expect(accessEffect(message("me", false), "me")).toBe("updateProject");
  });
  it("reloads the page when the current user is verified", () => {
    expect(accessEffect(message("me", true), "me")).toBe("reload");
  });
  it("ignores changes of someone else", () => {
    expect(accessEffect(message("other", false), "me")).toBe("ignore");
    expect(accessEffect(message("other", true), "me")).toBe("ignore");
  });
});
