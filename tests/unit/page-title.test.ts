import { describe, expect, it } from "vitest";
import { joinTitle, pageTitle, taskTitle, translate } from "../../app/lib/page-title";
import { keepTranslations } from "../../app/lib/translations";

const resources = { common: { appName: "Planning" }, projects: { nav: { stats: "Statistics" } }, views: { switcher: { board: "Task board" } } };
// As the browser has the root loader's data: the address of the translations, which are here.
keepTranslations("/i18n/en/common,projects,views.0000abcd.json", resources);
const root = { id: "root", loaderData: { translations: "/i18n/en/common,projects,views.0000abcd.json", title: "Planning" } };
const project = { id: "routes/project-layout", loaderData: { project: { name: "Demo project" } } };

describe("page titles", () => {
  it("names the view and the project before the app", () => {
    expect(pageTitle([root, project, { id: "routes/project-taskboard" }], { key: "views:switcher.board" })).toEqual([{ title: "Task board · Demo project · Planning" }]);
  });

  it("names a task by its key and title", () => {
    const task = { number: 12, custom_fields: [{ slug: "title", value: "Fix the login" }] };
    expect(pageTitle([root, project], taskTitle(task))[0].title).toBe("#12 Fix the login · Demo project · Planning");
  });

  it("keeps the key of a task without a title", () => {
    expect(taskTitle({ number: 3, custom_fields: [] })).toBe("#3");
  });

  it("leaves out the project outside a project and empty parts anywhere", () => {
    expect(pageTitle([root], null, "", { key: "projects:nav.stats" })[0].title).toBe("Statistics · Planning");
  });

  it("shows a missing message's key rather than nothing, and fills in values", () => {
    expect(translate(resources, "projects:nav.nope")).toBe("projects:nav.nope");
    expect(translate({ common: { hello: "Hi {{name}}" } }, "hello", { name: "Ann" })).toBe("Hi Ann");
  });

  it("falls back to the app's name when nothing else is known", () => {
    expect(joinTitle([], "Planning")).toBe("Planning");
  });
});
