/**
 * The bounds and names the rooms' commands are checked against (commands.ts), apart from the
 * rules (poker.ts, retro.ts), which re-export them: the commands need these values, the rules
 * need the commands' types, and no module imports back.
 */

export const MAX_CARD_LENGTH = 16;
export const MAX_ISSUES = 500;
export const MAX_TITLE_LENGTH = 500;
export const MAX_TIMER_SECONDS = 60 * 60;

/** Column presets (the `retro preset` field); titles are i18next keys in the `retro` namespace. */
export const RETRO_PRESETS = {
  start_stop_continue: ["start", "stop", "continue"],
  mad_sad_glad: ["mad", "sad", "glad"],
  four_ls: ["liked", "learned", "lacked", "longed_for"],
  went_well_to_improve_actions: ["went_well", "to_improve", "actions"],
} as const;
export type RetroPreset = keyof typeof RETRO_PRESETS;
export const RETRO_PRESET_NAMES = Object.keys(RETRO_PRESETS) as RetroPreset[];

export const MAX_VOTES_AMOUNT = 50;
export const MAX_NOTE_LENGTH = 2000;
