/** Bodies of the rooms REST calls (spec §7 "Rooms", "Decks"); messages are error keys. */
import { z } from "zod";
import { customFieldValue } from "../projects/schemas";
import { MAX_NAME_LENGTH, MAX_TIMER_SECONDS } from "./poker";
import { RETRO_PRESET_NAMES, type RetroPreset } from "./retro";

export const MAX_ROOM_TITLE = 200;
const guid = z.string({ error: "body_invalid" }).min(1, { error: "body_invalid" }).max(64, { error: "body_invalid" });
const title = z.string({ error: "room_title_required" }).trim().min(1, { error: "room_title_required" }).max(MAX_ROOM_TITLE, { error: "room_title_too_long" });
const method = z.string({ error: "room_method_invalid" }).min(1, { error: "room_method_invalid" }).max(64, { error: "room_method_invalid" });

export const isRetroPreset = (v: string): v is RetroPreset => (RETRO_PRESET_NAMES as readonly string[]).includes(v);

export const createRoomInput = z
  .object({
    kind: z.enum(["poker", "retro"], { error: "room_kind_invalid" }),
    title,
    method,
    /** A retro bound to this sprint of the project opens with its facts (issue 16). */
    sprint: z.string({ error: "room_sprint_invalid" }).min(1, { error: "room_sprint_invalid" }).max(64, { error: "room_sprint_invalid" }).optional(),
  })
  .strict()
  .refine((r) => r.kind !== "retro" || isRetroPreset(r.method), { error: "room_method_invalid", path: ["method"] })
  .refine((r) => r.kind === "retro" || r.sprint === undefined, { error: "room_sprint_invalid", path: ["sprint"] });

export const updateRoomInput = z
  .object({
    title: title.optional(),
    method: method.optional(),
    require_verification: z.boolean({ error: "body_invalid" }).optional(),
    /** The room is open to guests (people without an account, by link); closed unless chosen. */
    guests: z.boolean({ error: "body_invalid" }).optional(),
    custom_fields: z.array(customFieldValue, { error: "body_invalid" }).max(200, "body_invalid").optional(),
  })
  .strict();

/** `{}` for a signed-in project participant, `{name, read}` for a guest by link. */
export const joinInput = z
  .object({
    name: z.string({ error: "room_name_required" }).trim().min(1, { error: "room_name_required" }).max(MAX_NAME_LENGTH, { error: "room_name_too_long" }).optional(),
    read: z.boolean({ error: "body_invalid" }).optional(),
  })
  .strict();

export const verifyInput = z.object({ member: guid, admit: z.boolean({ error: "body_invalid" }) }).strict();
export const addIssuesInput = z.object({ tasks: z.array(guid, { error: "body_invalid" }).min(1, { error: "body_invalid" }).max(100, { error: "room_too_many_issues" }) }).strict();
export const orderInput = z.object({ order: z.array(guid, { error: "body_invalid" }).max(500, { error: "room_too_many_issues" }) }).strict();
export const currentIssueInput = z.object({ issue: guid }).strict();
export const timerInput = z.object({ seconds: z.number({ error: "room_timer_invalid" }).int({ error: "room_timer_invalid" }).min(5, { error: "room_timer_invalid" }).max(MAX_TIMER_SECONDS, { error: "room_timer_invalid" }) }).strict();
export const voteInput = z.object({ card: z.string({ error: "room.card_not_in_deck" }).min(1, { error: "room.card_not_in_deck" }).max(16, { error: "room.card_not_in_deck" }) }).strict();

/** `?issue=` of the calibration strip: the task being estimated, left out of its own references. */
export const calibrationQuery = z.object({ issue: guid.optional() }).strict();
