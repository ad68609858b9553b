/**
 * Bounds of the task calls' bodies, without zod: a screen that needs only a bound (the comment
 * box's `maxLength`) does not build the schemas when it loads (issue 17: zod's schemas are costly
 * to construct, a long task at a phone's CPU).
 */
export const COMMENT_MAX = 20_000;
