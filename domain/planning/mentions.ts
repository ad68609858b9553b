/**
 * Mentions in comments are written as `@[Name](user-guid)` (what a mention picker inserts);
 * the guid is what counts, the name is only for reading the raw text. `MENTION` is global: use
 * it with matchAll/replace, never with a stateful exec loop.
 */
export const MENTION = /@\[([^\]\n]{1,100})\]\(([0-9a-f-]{36})\)/g;

/** The distinct user guids mentioned in a text, in order of first mention. */
export function extractMentions(text: string): string[] {
  return [...new Set([...text.matchAll(MENTION)].map((m) => m[2]!))];
}

/** Plain text for notifications and search: mentions read as `@Name`. */
export function mentionsAsPlainText(text: string): string {
  return text.replace(MENTION, (_, name: string) => `@${name}`);
}
