/**
 * Matching typed text against labels, apart from the hints' request schemas: the kit's Select
 * and the comment mentions use it, and a page that loads them must not build zod's schemas.
 */

/** Case- and accent-insensitive "contains", the way people expect a search box to work. */
export function matchesQuery(label: string, query: string): boolean {
  const fold = (s: string) => s.normalize("NFKD").replace(/\p{M}/gu, "").toLocaleLowerCase();
  return fold(label).includes(fold(query.trim()));
}
