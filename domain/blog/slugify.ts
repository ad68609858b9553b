/**
 * The editor's slug proposal, apart from the blog's rules (posts.ts): only the editor needs it,
 * and the rules are small enough to ride with every page (scripts/route-chunks.ts), this table not.
 */
import { SLUG_MAX } from "./posts";

/** A slug proposed from a title: latin letters kept, Cyrillic transliterated, the rest dropped. */
export function slugify(title: string): string {
  const cyr: Record<string, string> = {
    а: "a", б: "b", в: "v", г: "g", д: "d", е: "e", ё: "e", ж: "zh", з: "z", и: "i", й: "y", к: "k", л: "l", м: "m", н: "n", о: "o", п: "p", р: "r",
    с: "s", т: "t", у: "u", ф: "f", х: "h", ц: "ts", ч: "ch", ш: "sh", щ: "sch", ъ: "", ы: "y", ь: "", э: "e", ю: "yu", я: "ya",
  };
  return title
    .toLowerCase()
    .replace(/[ßäöüñáéíóúç]/g, (c) => ({ ß: "ss", ä: "ae", ö: "oe", ü: "ue", ñ: "n", á: "a", é: "e", í: "i", ó: "o", ú: "u", ç: "c" })[c] ?? c)
    .replace(/[а-яё]/g, (c) => cyr[c] ?? "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, SLUG_MAX)
    .replace(/-+$/, "");
}
