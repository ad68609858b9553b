/**
 * Bounds of the meeting forms, without zod: the pre-join screen (in every poker and retro room)
 * needs only the name's bound and does not build the meeting schemas when it loads (issue 17).
 */
export const MAX_MEETING_NAME = 120;
export const MAX_MEETING_DESCRIPTION = 2000;
/** The name a person shows in a meeting. */
export const MAX_MEETING_DISPLAY_NAME = 80;
