/**
 * The workspace on a phone and a laptop, in both themes (issue 15): every main page, at
 * 390 × 844 and 1440 × 900, light and dark, has no sideways scroll, no element outside the
 * screen, a name for every link and button, its own `<title>`, and (when `@axe-core/playwright`
 * is installed) no serious or critical axe violation. Each page is loaded once and its four
 * variants are made in place by resizing and switching the theme. Then the keyboard: the
 * command palette finds a task by its key and opens it, `?` shows the shortcuts, J/K move among
 * the board's cards and E opens one, and single-key shortcuts never fire inside a text field.
 */
import type { Page } from "@playwright/test";
import { createProjectFromList, expect, origin, hydrated, open, person, t, test, watchCsp } from "./fixtures";

const SIZES = [
  { width: 390, height: 844 },
  { width: 1440, height: 900 },
] as const;
const THEMES = ["light", "dark"] as const;

type AxeResults = { violations: { id: string; impact?: string | null; help: string; nodes: { target: unknown[] }[] }[] };
interface AxeBuilderLike {
  withTags(tags: string[]): AxeBuilderLike;
  analyze(): Promise<AxeResults>;
}
type AxeBuilderClass = new (options: { page: Page }) => AxeBuilderLike;

/**
 * `@axe-core/playwright` when installed, else null (the layout and naming checks still run).
 * The name is held in a variable so the type check does not need the package either.
 */
async function loadAxe(): Promise<AxeBuilderClass | null> {
  const name = "@axe-core/playwright";
  try {
    return ((await import(name)) as { default: AxeBuilderClass }).default;
  } catch {
    return null;
  }
}

/** What the browser measures on the page as it is now. */
function measure() {
  const doc = document.documentElement;
  const width = doc.clientWidth;
  const describe = (el: Element) => {
    const id = el.getAttribute("data-testid") ?? el.id;
    return `<${el.tagName.toLowerCase()}${id ? ` ${id}` : ""}> "${(el.textContent ?? "").trim().slice(0, 40)}"`;
  };
  // An ancestor that clips or scrolls sideways keeps its children's overflow to itself.
  const clipped = (el: Element) => {
    for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) if (getComputedStyle(p).overflowX !== "visible") return true;
    return false;
  };
  const outside: string[] = [];
  for (const el of document.body.querySelectorAll("*")) {
    if (!el.checkVisibility({ visibilityProperty: true })) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 || r.height === 0) continue;
    if ((r.right > width + 1 || r.left < -1) && !clipped(el)) outside.push(`${describe(el)} [${Math.round(r.left)}, ${Math.round(r.right)}]`);
  }
  // The text a screen reader reads: rendered, and not inside `aria-hidden` (an avatar's initials
  // name nobody); an image's alt text counts.
  const spoken = (node: Element): string =>
    [...node.childNodes]
      .map((child) => {
        if (child.nodeType === Node.TEXT_NODE) return child.textContent ?? "";
        if (!(child instanceof Element) || child.getAttribute("aria-hidden") === "true" || !child.checkVisibility()) return "";
        if (child instanceof HTMLImageElement) return child.alt;
        return child.getAttribute("aria-label") ?? spoken(child);
      })
      .join("");
  const nameOf = (el: Element) => {
    const labelledBy = el.getAttribute("aria-labelledby");
    const byIds = labelledBy ? labelledBy.split(/\s+/).map((id) => document.getElementById(id)?.textContent ?? "").join(" ") : "";
    return [el.getAttribute("aria-label"), byIds, spoken(el), el.getAttribute("title")].some((s) => s && s.trim());
  };
  const unnamed = [...document.body.querySelectorAll("a[href], button, [role=button]")].filter((el) => el.checkVisibility() && !nameOf(el)).map(describe);
  return { scroll: doc.scrollWidth - width, outside: outside.slice(0, 5), unnamed: unnamed.slice(0, 5), title: document.title };
}

/** The four variants of the page now open, made by resizing and switching the theme in place. */
async function walkVariants(page: Page, label: string, Axe: AxeBuilderClass | null) {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    for (const theme of THEMES) {
      await page.evaluate((value) => {
        document.documentElement.dataset.theme = value;
      }, theme);
      const variant = `${label} at ${size.width}px, ${theme}`;
      // One frame lets the new width and colours lay out before anything is measured, and the
      // colour transitions the theme switch started end first: axe once read a link's contrast
      // halfway from the dark theme's colour to the light one's (a spinner's endless animation
      // is not a transition, so it is not waited for).
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      await page.evaluate(() => Promise.all(document.getAnimations().filter((a) => a instanceof CSSTransition).map((a) => a.finished.catch(() => undefined))));
      const seen = await page.evaluate(measure);
      expect.soft(seen.scroll, `${variant}: sideways scroll`).toBe(0);
      expect.soft(seen.outside, `${variant}: elements outside the screen`).toEqual([]);
      expect.soft(seen.unnamed, `${variant}: links and buttons without a name`).toEqual([]);
      // Every axe rule once per size and once per theme (phone dark, laptop light): two runs per
      // page keep the walk inside the suite's time; the layout checks above run in all four.
      if (Axe && (size.width === 390) === (theme === "dark")) {
        const { violations } = await new Axe({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
        const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => String(n.target)).slice(0, 3).join("; ")})`);
        expect.soft(serious, `${variant}: serious or critical axe violations`).toEqual([]);
      }
    }
  }
  await page.setViewportSize(SIZES[1]);
  await page.evaluate(() => {
    document.documentElement.dataset.theme = "light";
  });
}

async function visit(page: Page, path: string, label: string, Axe: AxeBuilderClass | null, title?: RegExp) {
  await test.step(label, async () => {
    await open(page, path);
    if (title) await expect(page, `${label}: its own title`).toHaveTitle(title);
    await walkVariants(page, label, Axe);
  });
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

test("every main page fits a phone and a laptop in both themes, and names itself", async ({ page, browser, request }) => {
  test.setTimeout(600_000);
  const Axe = await loadAxe();
  if (!Axe) test.info().annotations.push({ type: "axe", description: "@axe-core/playwright is not installed: the axe checks were skipped" });
  const appName = await t(request, "en", "common:appName");
  const ends = (...parts: string[]) => new RegExp(`^${parts.map(escape).join(" · ")} · ${escape(appName)}$`);

  // Every page walked here also trips no Content-Security-Policy (security-headers.spec.ts walks the rest).
  const guestCsp = await watchCsp(page);
  // A guest's pages.
  await visit(page, "/", "landing", Axe);
  await visit(page, "/login", "sign-in", Axe, ends(await t(request, "en", "common:shell.titles.login")));
  await visit(page, "/price", "price", Axe, ends(await t(request, "en", "common:shell.titles.price")));
  await visit(page, "/help", "help", Axe);
  await visit(page, "/news/category", "blog", Axe);

  // A signed-in person's project, with a task, a document and two rooms to look at.
  const walker = await person(browser, "Wendy Walker", { viewport: SIZES[1] });
  const me = walker.page;
  const memberCsp = await watchCsp(me);
  const projectPath = await createProjectFromList(me, "Walk");
  const guid = projectPath.split("/")[2]!;
  const project = (await me.getByTestId("project-name").textContent())!.trim();
  const post = async (path: string, data: object) => {
    const res = await me.request.post(`/api/v1/project/${guid}${path}`, { data, headers: origin() });
    expect(res.status(), await res.text()).toBeLessThan(300);
    return (await res.json()) as { guid: string; number?: number };
  };
  const taskName = "Make the onboarding checklist readable on a small phone screen in both themes";
  const task = await post("/issue", { custom_fields: [{ slug: "title", value: taskName }] });
  const doc = await post("/docs", { kind: "text", title: "Team agreements" });
  const poker = await post("/rooms", { kind: "poker", title: "Sprint 1 estimation", method: "fibonacci" });
  const retro = await post("/rooms", { kind: "retro", title: "Sprint 1 retro", method: "start_stop_continue" });
  const view = (v: string) => t(request, "en", `views:switcher.${v}`);

  await visit(me, "/project", "projects", Axe, ends(await t(request, "en", "common:shell.titles.projects")));
  await visit(me, projectPath, "project overview", Axe, ends(project));
  for (const v of ["planning", "board", "table", "roadmap"]) await visit(me, `${projectPath}/taskboard?view=${v}`, `${v} view`, Axe, ends(await view(v), project));
  await visit(me, `${projectPath}/stats`, "statistics", Axe, ends(await t(request, "en", "projects:nav.stats"), project));
  await visit(me, `${projectPath}/docs`, "documents", Axe, ends(await t(request, "en", "docs:nav"), project));
  await visit(me, `${projectPath}/docs/${doc.guid}`, "a document", Axe, ends("Team agreements", await t(request, "en", "docs:nav"), project));
  await visit(me, `${projectPath}/rooms`, "rooms", Axe, ends(await t(request, "en", "rooms:nav"), project));
  await visit(me, `${projectPath}/room/poker/${poker.guid}`, "a poker room", Axe, ends(await t(request, "en", "rooms:kinds.poker"), project));
  // A laptop holds the whole Fibonacci deck (13 cards) in one row beside the room's sidebar.
  const cardTops = await me.getByTestId("deck-card").evaluateAll((cards) => cards.map((c) => Math.round(c.getBoundingClientRect().top)));
  expect(cardTops).toHaveLength(13);
  expect(new Set(cardTops).size, "the deck's rows").toBe(1);
  await visit(me, `${projectPath}/room/retro/${retro.guid}`, "a retro room", Axe, ends(await t(request, "en", "rooms:kinds.retro"), project));
  await visit(me, `${projectPath}/issue/${task.guid}`, "a task page", Axe, ends(`#${task.number} ${taskName}`, project));
  await visit(me, "/settings/profile", "settings", Axe, ends(await t(request, "en", "common:shell.titles.settings")));

  await test.step("the phone header folds into a menu that holds language, theme and sign-out", async () => {
    await me.setViewportSize(SIZES[0]);
    await expect(me.getByTestId("user-menu")).toHaveAccessibleName("Wendy Walker");
    await expect(me.getByTestId("sign-out")).toBeHidden();
    await me.getByTestId("header-menu").click();
    await expect(me.getByTestId("sign-out")).toBeVisible();
    await expect(me.getByTestId("language-select")).toBeVisible();
    await me.keyboard.press("Escape");
    await expect(me.getByTestId("sign-out")).toBeHidden();
    await me.setViewportSize(SIZES[1]);
  });

  await test.step("the palette finds a task by its key and opens it; ? shows the shortcuts", async () => {
    await open(me, `${projectPath}/taskboard?view=planning`);
    // Typing in a text field is typing: no shortcut fires.
    await me.getByTestId("new-task-title").first().fill("");
    await me.getByTestId("new-task-title").first().pressSequentially("c?/");
    await expect(me.getByTestId("new-task-title").first()).toHaveValue("c?/");
    await expect(me.getByTestId("palette")).toHaveCount(0);
    await expect(me.getByTestId("shortcut-sheet")).toHaveCount(0);
    await me.getByTestId("new-task-title").first().fill("");
    await me.getByTestId("new-task-title").first().blur();

    // G then B: the task board.
    await me.keyboard.press("g");
    await me.keyboard.press("b");
    await expect(me).toHaveURL(/view=board/);
    await hydrated(me);

    // J and K move among the cards, E opens the focused one.
    const titles = me.getByTestId("board-card").getByTestId("card-title");
    await expect(titles.first()).toBeVisible();
    await me.keyboard.press("j");
    await expect(titles.first()).toBeFocused();
    await me.keyboard.press("k");
    await expect(titles.first()).toBeFocused();
    await me.keyboard.press("e");
    await expect(me).toHaveURL(new RegExp(`/taskboard/${task.guid}\\?view=board$`));
    await open(me, `${projectPath}/taskboard?view=board`);

    await me.keyboard.press("Control+k");
    const palette = me.getByTestId("palette");
    await expect(palette).toBeVisible();
    await me.getByTestId("palette-input").fill(`#${task.number}`);
    const hit = palette.locator('[data-testid="palette-option"][data-group="tasks"]');
    await expect(hit).toHaveText(`#${task.number} ${taskName}`);
    await expect(me.getByTestId("palette-input")).toHaveAttribute("aria-activedescendant", (await hit.getAttribute("id"))!);
    await me.keyboard.press("Enter");
    await expect(me).toHaveURL(new RegExp(`/issue/${task.guid}$`));
    await expect(me).toHaveTitle(ends(`#${task.number} ${taskName}`, project));
    await expect(palette).toHaveCount(0);

    await me.keyboard.press("?");
    const sheet = me.getByTestId("shortcut-sheet");
    await expect(sheet).toBeVisible();
    await expect(sheet.getByRole("heading")).toHaveText(await t(request, "en", "common:shell.shortcuts.title"));
    await expect(sheet).toContainText(await t(request, "en", "common:shell.shortcuts.board"));
    await me.keyboard.press("Escape");
    await expect(sheet).toHaveCount(0);

    // C: a new task, typed straight into the planning board's field.
    await me.keyboard.press("c");
    await expect(me).toHaveURL(/taskboard\?view=planning/);
    await expect(me.getByTestId("new-task-title").first()).toBeFocused();
  });

  expect([...guestCsp, ...memberCsp], "Content-Security-Policy violations").toEqual([]);
  expect(walker.errors, "uncaught errors in the signed-in pages").toEqual([]);
  await walker.context.close();
});
