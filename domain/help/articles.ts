/**
 * The help centre (spec §2: `/help`, `/help/{category}`): articles stored in the repository as
 * one JSON bundle per language (`domain/help/content/<lng>.json`), searched on the server.
 * Category and article slugs are the same in every language, so a page has one URL whose
 * language is chosen like every other page's.
 */

export interface HelpCategory {
  slug: string;
  title: string;
  description: string;
}

export interface HelpArticle {
  slug: string;
  category: string;
  title: string;
  summary: string;
  /** Paragraphs of plain text. */
  body: string[];
}

export interface HelpBundle {
  categories: HelpCategory[];
  articles: HelpArticle[];
}

/** The longest query the search looks at; the rest is ignored, not refused. */
export const HELP_QUERY_MAX = 200;

export const helpArticlePath = (a: Pick<HelpArticle, "category" | "slug">) => `/help/${a.category}/${a.slug}`;

/** Lower case, without accents, `ё` read as `е`: how words are compared in every language. */
export function normalise(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase().replace(/ё/g, "е");
}

/** The words of a text, normalised; anything that is not a letter or digit separates them. */
export function words(text: string): string[] {
  return normalise(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/** How much a match in each part of an article counts. */
const WEIGHTS = { title: 5, summary: 3, body: 1 } as const;

export interface HelpHit {
  article: HelpArticle;
  score: number;
  /** The paragraph (or summary) where the query matched first, for the result list. */
  snippet: string;
}

/**
 * Full-text search: every query word must begin some word of the article (so "sprint" finds
 * "sprints", "спринт" finds "спринты"); words shorter than two characters are ignored unless
 * they are all there is. Results are ordered by a weighted count of matches, then by title.
 */
export function searchArticles(articles: readonly HelpArticle[], query: string): HelpHit[] {
  const all = words(query.slice(0, HELP_QUERY_MAX));
  const terms = all.filter((w) => w.length > 1).length > 0 ? all.filter((w) => w.length > 1) : all;
  if (terms.length === 0) return [];
  const hits: HelpHit[] = [];
  for (const article of articles) {
    const parts = { title: words(article.title), summary: words(article.summary), body: article.body.flatMap(words) };
    let score = 0;
    let everyTerm = true;
    for (const term of terms) {
      let termScore = 0;
      for (const part of ["title", "summary", "body"] as const) {
        termScore += parts[part].filter((w) => w.startsWith(term)).length * WEIGHTS[part];
      }
      if (termScore === 0) {
        everyTerm = false;
        break;
      }
      score += termScore;
    }
    if (!everyTerm) continue;
    const snippet = article.body.find((p) => terms.some((t) => words(p).some((w) => w.startsWith(t)))) ?? article.summary;
    hits.push({ article, score, snippet });
  }
  return hits.sort((a, b) => b.score - a.score || a.article.title.localeCompare(b.article.title));
}

/** The vote a reader leaves under an article, as it is stored in the feedback table's text. */
export const HELPFUL_VOTES = { yes: "helpful:yes", no: "helpful:no" } as const;
export type HelpfulVote = keyof typeof HELPFUL_VOTES;
