import { describe, expect, it } from "vitest";
import { createMeetingInput, iceServersFrom, joinMeetingInput } from "./schemas";

describe("meeting bodies", () => {
  it("requires a project, a name and a description, each with its own error key", () => {
    const result = createMeetingInput.safeParse({ projectId: "p", name: "  ", description: "" });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["name", "meeting_name_required"],
      ["description", "meeting_description_required"],
    ]);
    expect(createMeetingInput.safeParse({ name: "Daily", description: "Stand-up" }).error?.issues[0]?.message).toBe("meeting_project_required");
  });

  it("trims what it accepts and refuses unknown fields", () => {
    expect(createMeetingInput.parse({ projectId: "p", name: " Daily ", description: " Stand-up " })).toEqual({ projectId: "p", name: "Daily", description: "Stand-up" });
    expect(createMeetingInput.safeParse({ projectId: "p", name: "a", description: "b", extra: 1 }).success).toBe(false);
    expect(joinMeetingInput.safeParse({ name: "" }).error?.issues[0]?.message).toBe("meeting_display_name_required");
  });
});

describe("ICE servers from configuration", () => {
  it("serves STUN from the variable and TURN only with its username and credential", () => {
    expect(iceServersFrom({ stun: "stun:stun.example.com:3478, bogus" })).toEqual([{ urls: ["stun:stun.example.com:3478"] }]);
    expect(iceServersFrom({ stun: "", turn: "turn:t.example.com:3478" })).toEqual([]);
    expect(iceServersFrom({ turn: "turn:t.example.com:3478,turns:t.example.com:5349", turnUsername: "u", turnCredential: "c" })).toEqual([
      { urls: ["turn:t.example.com:3478", "turns:t.example.com:5349"], username: "u", credential: "c" },
    ]);
  });
});
