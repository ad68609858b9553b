import { describe, expect, it } from "vitest";
import en from "./content/en.json";
import ru from "./content/ru.json";
import es from "./content/es.json";
import de from "./content/de.json";
import { type HelpArticle, helpArticlePath, normalise, searchArticles } from "./articles";

const article = (slug: string, title: string, body: string[], summary = ""): HelpArticle => ({ slug, category: "c", title, summary, body });

describe("searchArticles", () => {
  const sprints = article("sprints", "Plan sprints", ["Drag tasks from the backlog into a sprint."]);
  const poker = article("poker", "Planning poker", ["Vote with cards; the room shows the average."], "Estimate with the team");

  it("finds articles whose words begin with every query word", () => {
    expect(searchArticles([sprints, poker], "sprint").map((h) => h.article.slug)).toEqual(["sprints"]);
    expect(searchArticles([sprints, poker], "plan").map((h) => h.article.slug).sort()).toEqual(["poker", "sprints"]);
    expect(searchArticles([sprints, poker], "plan cards").map((h) => h.article.slug)).toEqual(["poker"]);
  });

  it("ranks a title match above a match in the text", () => {
    const inBody = article("body", "Other", ["Mentions the backlog twice: backlog."]);
    const inTitle = article("title", "Backlog basics", ["Nothing else."]);
    expect(searchArticles([inBody, inTitle], "backlog").map((h) => h.article.slug)).toEqual(["title", "body"]);
  });

  it("ignores case, accents and ё", () => {
    expect(normalise("Ёлка Éxito")).toBe("елка exito");
    const es = article("es", "Estimación rápida", ["Más fácil."]);
    expect(searchArticles([es], "ESTIMACION facil")).toHaveLength(1);
    const ru = article("ru", "Ёмкость спринта", ["Текст."]);
    expect(searchArticles([ru], "емкость")).toHaveLength(1);
  });

  it("answers nothing for an empty or punctuation-only query", () => {
    expect(searchArticles([sprints], "")).toEqual([]);
    expect(searchArticles([sprints], "  !!! ")).toEqual([]);
  });

  it("quotes the paragraph where the query matched", () => {
    expect(searchArticles([poker], "average")[0]!.snippet).toBe("Vote with cards; the room shows the average.");
  });
});

describe("the help bundles", () => {
  const bundles = { en, ru, es, de };

  it("hold the same categories and articles in every language", () => {
    const shape = (b: typeof en) => ({ categories: b.categories.map((c) => c.slug), articles: b.articles.map(helpArticlePath) });
    for (const bundle of Object.values(bundles)) expect(shape(bundle)).toEqual(shape(en));
  });

  it("file every article under a category that exists", () => {
    for (const bundle of Object.values(bundles)) {
      const categories = new Set(bundle.categories.map((c) => c.slug));
      for (const a of bundle.articles) expect(categories.has(a.category), a.slug).toBe(true);
    }
  });

  it("find the poker article in each language by a word of its own", () => {
    expect(searchArticles(en.articles, "poker deck")[0]!.article.slug).toBe("planning-poker-room");
    expect(searchArticles(ru.articles, "колоду")[0]!.article.slug).toBe("planning-poker-room");
    expect(searchArticles(es.articles, "baraja")[0]!.article.slug).toBe("planning-poker-room");
    expect(searchArticles(de.articles, "Deck")[0]!.article.slug).toBe("planning-poker-room");
  });
});
