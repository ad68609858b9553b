import { describe, expect, it } from "vitest";
import { NAMESPACES } from "./languages";
import { isSitePage, namespacesFor, namespaceSetKey } from "./page-namespaces";

describe("the namespaces a page carries", () => {
  it("gives the landing page the site's namespaces, without the app's", () => {
    const set = namespacesFor("/", false);
    expect(set).toEqual(expect.arrayContaining(["common", "errors", "landing", "auth", "site", "blog", "tour", "billing"]));
    for (const app of ["projects", "task", "views", "rooms", "retro", "docs-editor", "code", "meetings", "ai"]) expect(set).not.toContain(app);
  });

  it("adds the notification menu's namespace for a signed-in visitor of the site", () => {
    expect(namespacesFor("/help", true)).toContain("projects");
    expect(namespacesFor("/help", false)).not.toContain("projects");
  });

  it("treats help, the blog, legal texts, prices and the account pages as the site", () => {
    for (const path of ["/login", "/respass", "/respass/a@b.c", "/pass/x", "/email/x", "/help", "/help/a/b", "/contacts", "/price", "/donate", "/donate/x", "/news/category", "/news/category/post/hello", "/terms", "/privacy_policy/"]) {
      expect(isSitePage(path), path).toBe(true);
    }
  });

  it("gives a project's pages every namespace but those only another area of the project shows", () => {
    const board = namespacesFor("/project/p/taskboard", true);
    for (const other of ["retro", "docs-editor", "docs-kinds", "stats", "landing"]) expect(board).not.toContain(other);
    expect(board).toEqual(expect.arrayContaining(["common", "errors", "projects", "task", "views", "rooms", "ai", "billing", "tour"]));
    expect(namespacesFor("/project/p/room/retro/r", true)).toContain("retro");
    expect(namespacesFor("/project/p/room/poker/r", true)).not.toContain("retro");
    expect(namespacesFor("/project/p/docs", true)).toEqual(expect.arrayContaining(["docs", "docs-editor", "docs-kinds"]));
    expect(namespacesFor("/project/p/docs/d/", true)).toContain("docs-editor");
    expect(namespacesFor("/project/p/stats", true)).toContain("stats");
    expect(namespaceSetKey("/project/p/taskboard", true)).not.toBe(namespaceSetKey("/project/p/docs/d", true));
    expect(namespaceSetKey("/project/p/taskboard", true)).toBe(namespaceSetKey("/project/q/issue/t", true));
  });

  it("gives every other app page, room, invitation and share link all namespaces", () => {
    for (const path of ["/project", "/join/r", "/invite/x", "/shared/docs/x", "/test", "/settings/profile", "/meeting/m", "/nowhere"]) {
      expect(namespacesFor(path, true), path).toEqual([...NAMESPACES]);
    }
  });

  it("changes the key only when the set changes", () => {
    expect(namespaceSetKey("/", false)).toBe(namespaceSetKey("/help", false));
    expect(namespaceSetKey("/", false)).not.toBe(namespaceSetKey("/project", false));
  });
});
