/**
 * The BPMN, drawing and table documents in real browsers against the document's room: each is
 * made on the documents page, saved, reloaded, and opened through its share link by a browser
 * that is signed in nowhere (it sees the content and cannot change it); two people saving one
 * diagram at once are asked instead of overwritten; two people editing one table at once both
 * keep their cells. Pictures of each editor in both themes land in test-results/screens/.
 */
import type { Browser, Page } from "@playwright/test";
import { createProjectFromList, expect, hydrated, joinProject, open, person, test } from "./fixtures";

const VIEWPORT = { width: 1400, height: 900 };

/** Creates a document of `kind` from the page's "new" menu and names it; the page then shows it. */
async function createDoc(page: Page, kind: "bpmn" | "drawing" | "table", title: string): Promise<string> {
  await page.getByTestId("doc-new").click();
  const made = page.waitForResponse((r) => r.request().method() === "POST" && r.url().endsWith("/docs"));
  await page.getByTestId(`doc-new-${kind}`).click();
  const res = await made;
  expect(res.status()).toBe(201);
  const { guid } = (await res.json()) as { guid: string };
  const input = page.getByTestId("doc-rename-input");
  await expect(input).toBeFocused();
  await input.fill(title);
  await input.press("Enter");
  await expect(page.getByTestId("doc-panel")).toHaveAttribute("data-guid", guid);
  return guid;
}

/** Turns the open document's share link on and returns it. */
async function shareLink(page: Page): Promise<string> {
  await page.getByTestId("doc-share-toggle").click();
  const url = page.getByTestId("doc-share-url");
  await expect(url).toHaveValue(/\/shared\/(bpmn|excalidraw|table)\/[A-Za-z0-9_-]+$/);
  return url.inputValue();
}

let guests = 0;
/** A browser with no account and no cookies. */
async function signedOut(browser: Browser) {
  guests += 1;
  const context = await browser.newContext({ viewport: VIEWPORT, extraHTTPHeaders: { "CF-Connecting-IP": `10.250.${test.info().workerIndex}.${guests}` } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  return { context, page, errors };
}

/** Pictures of the page in the light and then the dark theme (the theme is read on load). */
async function picture(page: Page, name: string, ready: () => Promise<void>) {
  for (const theme of ["light", "dark"] as const) {
    await page.evaluate((value) => localStorage.setItem("theme", value), theme);
    await page.reload();
    await hydrated(page);
    await expect(page.locator("html")).toHaveAttribute("data-theme", theme);
    await ready();
    await page.screenshot({ path: `${test.info().project.outputDir}/screens/doc-${name}-${theme}.png`, animations: "disabled" });
  }
  await page.evaluate(() => localStorage.setItem("theme", "light"));
}

/** Draws a shape with one of Excalidraw's tools by dragging inside the canvas box. */
async function drawShape(page: Page, tool: "rectangle" | "ellipse" | "diamond", from: [number, number], to: [number, number]) {
  // The tool's radio input sits under its icon: click through. (Clicking may scroll the page,
  // so the canvas is measured after.)
  await page.locator(`[data-testid=toolbar-${tool}]`).click({ force: true });
  const box = (await page.getByTestId("drawing-canvas").boundingBox())!;
  await page.mouse.move(box.x + from[0], box.y + from[1]);
  await page.mouse.down();
  await page.mouse.move(box.x + to[0], box.y + to[1], { steps: 6 });
  await page.mouse.up();
}

/** Appends an element to the start event through bpmn-js's context pad. */
async function appendToStart(page: Page, action: "append.append-task" | "append.gateway") {
  await page.locator('.djs-element[data-element-id="StartEvent_1"]').click();
  await page.locator(`.djs-context-pad .entry[data-action="${action}"]`).click();
}

const cell = (page: Page, row: number, col: number) => page.locator(`[data-testid=table-cell][data-row="${row}"][data-col="${col}"]`);
/** What a cell shows (without the name tag of someone else standing on it). */
const valueOf = (page: Page, row: number, col: number) => cell(page, row, col).getByTestId("table-cell-value");

test("a drawing is drawn, kept after a reload, and shown read-only and live through its share link to a signed-out browser", async ({ browser }) => {
  test.slow();
  const owner = await person(browser, "Dora Drawer", { viewport: VIEWPORT });
  const projectPath = await createProjectFromList(owner.page, "Drawings");
  await open(owner.page, `${projectPath}/docs`);
  await createDoc(owner.page, "drawing", "Whiteboard");
  const canvas = owner.page.getByTestId("drawing-canvas");
  await expect(canvas).toBeVisible();

  await drawShape(owner.page, "rectangle", [260, 160], [420, 280]);
  await drawShape(owner.page, "ellipse", [520, 170], [660, 290]);
  await expect(canvas).toHaveAttribute("data-elements", "2");

  // A pasted picture is refused with a message: drawings do not store images.
  await owner.page.mouse.click((await canvas.boundingBox())!.x + 700, (await canvas.boundingBox())!.y + 400);
  await owner.page.evaluate(() => {
    const png = Uint8Array.from(atob("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGP4z8DwHwAFAAH/iZk9HQAAAABJRU5ErkJggg=="), (c) => c.charCodeAt(0));
    const data = new DataTransfer();
    data.items.add(new File([png], "dot.png", { type: "image/png" }));
    (document.activeElement ?? document.body).dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true }));
  });
  await expect(owner.page.getByTestId("drawing-image-refused")).toBeVisible();
  await expect(canvas).toHaveAttribute("data-elements", "2");
  // Changes leave within 80 ms over the open socket; give them time to reach the room.
  await owner.page.waitForTimeout(1000);
  await owner.page.reload();
  await hydrated(owner.page);
  await expect(owner.page.getByTestId("drawing-canvas")).toHaveAttribute("data-elements", "2");

  const link = await shareLink(owner.page);
  const guest = await signedOut(browser);
  const opened = await guest.page.goto(link);
  expect(opened!.status()).toBe(200);
  await hydrated(guest.page);
  const shared = guest.page.getByTestId("drawing-canvas");
  await expect(shared).toHaveAttribute("data-elements", "2");
  // View mode: no tools, and dragging on the canvas draws nothing.
  await expect(guest.page.locator("[data-testid=toolbar-rectangle]")).toHaveCount(0);
  const box = (await shared.boundingBox())!;
  await guest.page.mouse.move(box.x + 300, box.y + 350);
  await guest.page.mouse.down();
  await guest.page.mouse.move(box.x + 500, box.y + 420, { steps: 5 });
  await guest.page.mouse.up();
  await guest.page.keyboard.press("Delete");
  await expect(shared).toHaveAttribute("data-elements", "2");

  // The owner draws on; the shared page follows live, and the owner's drawing did not change.
  await drawShape(owner.page, "diamond", [300, 330], [420, 430]);
  await expect(owner.page.getByTestId("drawing-canvas")).toHaveAttribute("data-elements", "3");
  await expect(shared).toHaveAttribute("data-elements", "3", { timeout: 10_000 });
  await guest.page.screenshot({ path: `${test.info().project.outputDir}/screens/doc-drawing-shared-light.png`, animations: "disabled" });

  await picture(owner.page, "drawing", () => expect(owner.page.getByTestId("drawing-canvas")).toHaveAttribute("data-elements", "3"));
  expect([...owner.errors, ...guest.errors]).toEqual([]);
  await guest.context.close();
  await owner.context.close();
});

test("a BPMN diagram is modelled, saved, reloaded, and shown read-only through its share link to a signed-out browser", async ({ browser }) => {
  test.slow();
  const owner = await person(browser, "Bo Modeller", { viewport: VIEWPORT });
  const projectPath = await createProjectFromList(owner.page, "Processes");
  await open(owner.page, `${projectPath}/docs`);
  await createDoc(owner.page, "bpmn", "Order process");
  const editor = owner.page.getByTestId("bpmn-editor");
  // A new diagram starts with one start event.
  await expect(editor).toHaveAttribute("data-phase", "ready");
  await expect(owner.page.locator('.djs-element[data-element-id="StartEvent_1"]')).toBeVisible();
  await expect(owner.page.locator(".djs-palette")).toBeVisible();

  // A task appended to it and named in place.
  await appendToStart(owner.page, "append.append-task");
  await expect(owner.page.locator(".djs-direct-editing-parent")).toBeVisible();
  await owner.page.keyboard.type("Check the order");
  // A click on empty canvas ends the naming: low and to the right, away from the shapes, and
  // inside the canvas however wide the page leaves it (the project's sidebar takes its share).
  const canvas = owner.page.locator('svg[data-element-id="Process_1"]');
  const size = (await canvas.boundingBox())!;
  await canvas.click({ position: { x: Math.min(900, size.width - 60), y: Math.min(500, size.height - 60) } });
  const task = owner.page.locator(".djs-element.djs-shape text", { hasText: "Check the order" });
  await expect(task).toBeVisible();
  await expect(owner.page.getByTestId("doc-save-state")).toHaveAttribute("data-state", "saved");

  await owner.page.reload();
  await hydrated(owner.page);
  await expect(owner.page.getByTestId("bpmn-editor")).toHaveAttribute("data-phase", "ready");
  await expect(task).toBeVisible();
  await expect(owner.page.locator(".djs-element.djs-connection")).toHaveCount(1);

  const link = await shareLink(owner.page);
  const guest = await signedOut(browser);
  const opened = await guest.page.goto(link);
  expect(opened!.status()).toBe(200);
  await hydrated(guest.page);
  await expect(guest.page.getByTestId("bpmn-editor")).toHaveAttribute("data-phase", "ready");
  await expect(guest.page.locator(".djs-element.djs-shape text", { hasText: "Check the order" })).toBeVisible();
  // The viewer: no palette, no context pad, nothing to drag or delete.
  await expect(guest.page.locator(".djs-palette")).toHaveCount(0);
  await guest.page.locator(".djs-element.djs-shape", { hasText: "Check the order" }).click();
  await guest.page.keyboard.press("Delete");
  await expect(guest.page.locator(".djs-context-pad")).toHaveCount(0);
  await expect(guest.page.locator(".djs-element.djs-shape", { hasText: "Check the order" })).toHaveCount(1);
  await expect(guest.page.getByTestId("doc-save-state")).toHaveCount(0);
  await guest.page.screenshot({ path: `${test.info().project.outputDir}/screens/doc-bpmn-shared-light.png`, animations: "disabled" });

  await picture(owner.page, "bpmn", () => expect(owner.page.getByTestId("bpmn-editor")).toHaveAttribute("data-phase", "ready"));
  expect([...owner.errors, ...guest.errors]).toEqual([]);
  await guest.context.close();
  await owner.context.close();
});

test("two people saving one diagram at the same moment: one is asked, keeps theirs, and the other loads it", async ({ browser }) => {
  test.slow();
  const a = await person(browser, "Ada First", { viewport: VIEWPORT });
  const b = await person(browser, "Ben Second", { viewport: VIEWPORT });
  const projectPath = await createProjectFromList(a.page, "Race");
  await joinProject(a.page, b, projectPath.split("/")[2]!);

  await open(a.page, `${projectPath}/docs`);
  const guid = await createDoc(a.page, "bpmn", "Race diagram");
  await open(b.page, `${projectPath}/docs/${guid}`);
  for (const p of [a.page, b.page]) {
    await expect(p.getByTestId("bpmn-editor")).toHaveAttribute("data-phase", "ready");
    await expect(p.locator(".djs-palette")).toBeVisible();
  }

  // Both change the diagram within the same half second: the two saves cross.
  await Promise.all([appendToStart(a.page, "append.append-task"), appendToStart(b.page, "append.gateway")]);
  await a.page.keyboard.press("Escape");
  const asked = async () => (await a.page.getByTestId("bpmn-conflict").count()) + (await b.page.getByTestId("bpmn-conflict").count());
  await expect.poll(asked, { timeout: 10_000 }).toBe(1);
  const aAsked = (await a.page.getByTestId("bpmn-conflict").count()) === 1;
  const [loser, winner] = aAsked ? [a.page, b.page] : [b.page, a.page];
  const [mine, theirs] = aAsked ? ["Activity_", "Gateway_"] : ["Gateway_", "Activity_"];
  // The person asked still sees their own diagram.
  await expect(loser.locator(`.djs-element.djs-shape[data-element-id^="${mine}"]`)).toHaveCount(1);

  await loser.getByTestId("bpmn-keep-mine").click();
  await expect(loser.getByTestId("bpmn-conflict")).toHaveCount(0);
  await expect(winner.locator(`.djs-element.djs-shape[data-element-id^="${mine}"]`)).toHaveCount(1, { timeout: 10_000 });
  await expect(winner.locator(`.djs-element.djs-shape[data-element-id^="${theirs}"]`)).toHaveCount(0);
  await expect(winner.getByTestId("bpmn-conflict")).toHaveCount(0);
  await expect(loser.getByTestId("doc-save-state")).toHaveAttribute("data-state", "saved");

  expect([...a.errors, ...b.errors]).toEqual([]);
  await a.context.close();
  await b.context.close();
});

test("a table edited by two people at once keeps both cells, validates typed input, and is read-only through its share link", async ({ browser }) => {
  test.slow();
  const a = await person(browser, "Tia Tables", { viewport: VIEWPORT });
  const b = await person(browser, "Tom Tables", { viewport: VIEWPORT });
  const projectPath = await createProjectFromList(a.page, "Budgets");
  await joinProject(a.page, b, projectPath.split("/")[2]!);

  await open(a.page, `${projectPath}/docs`);
  const guid = await createDoc(a.page, "table", "Trip budget");
  await expect(a.page.getByTestId("table-empty")).toBeVisible();
  for (const [name, type] of [
    ["Item", "text"],
    ["Cost", "number"],
    ["Paid on", "date"],
    ["Paid", "checkbox"],
  ] as const) {
    await a.page.getByTestId("table-add-column").click();
    await a.page.getByTestId("table-new-column-name").fill(name);
    await a.page.getByTestId("table-new-column-type").selectOption(type);
    await a.page.getByTestId("table-new-column-submit").click();
  }
  await expect(a.page.getByTestId("table-column-name")).toHaveText(["Item", "Cost", "Paid on", "Paid"]);
  // The first column came with a first row.
  await expect(a.page.getByTestId("table-row")).toHaveCount(1);

  await open(b.page, `${projectPath}/docs/${guid}`);
  await expect(b.page.getByTestId("table-column-name")).toHaveText(["Item", "Cost", "Paid on", "Paid"]);

  // Both type into different cells of the same row and press Enter at the same moment.
  await cell(a.page, 0, 0).click();
  await a.page.keyboard.type("Train tickets");
  await cell(b.page, 0, 1).click();
  await b.page.keyboard.type("129,5");
  await expect(a.page.getByTestId("table-cell-input")).toHaveValue("Train tickets");
  await expect(b.page.getByTestId("table-cell-input")).toHaveValue("129,5");
  await Promise.all([a.page.keyboard.press("Enter"), b.page.keyboard.press("Enter")]);
  for (const p of [a.page, b.page]) {
    await expect(valueOf(p, 0, 0)).toHaveText("Train tickets");
    await expect(valueOf(p, 0, 1)).toHaveText("129.5");
  }
  // Each sees where the other is.
  await expect(a.page.getByTestId("table-peer")).toHaveText("Tom Tables");

  // Keyboard: arrows to the date, Enter edits, a date is set; Space ticks the checkbox.
  await cell(a.page, 0, 1).click();
  await a.page.keyboard.press("ArrowRight");
  await a.page.keyboard.press("Enter");
  await a.page.getByTestId("table-cell-input").fill("2026-04-30");
  await a.page.keyboard.press("Tab");
  await a.page.keyboard.press("Space");
  await expect(valueOf(a.page, 0, 2)).toHaveText("Apr 30, 2026");
  await expect(cell(b.page, 0, 3).locator("input[type=checkbox]")).toBeChecked();

  // A number cell refuses text and keeps its value when the edit is cancelled.
  await cell(b.page, 0, 1).click();
  await b.page.keyboard.press("Enter");
  await b.page.getByTestId("table-cell-input").fill("a lot");
  await b.page.keyboard.press("Enter");
  await expect(b.page.getByTestId("table-cell-error")).toBeVisible();
  await expect(b.page.getByTestId("table-cell-input")).toHaveAttribute("aria-invalid", "true");
  await b.page.keyboard.press("Escape");
  await expect(valueOf(b.page, 0, 1)).toHaveText("129.5");

  // Rows: one more from each side at once; both stay.
  await Promise.all([a.page.getByTestId("table-add-row").click(), b.page.getByTestId("table-add-row").click()]);
  await expect(a.page.getByTestId("table-row")).toHaveCount(3);
  await expect(b.page.getByTestId("table-row")).toHaveCount(3);

  await a.page.reload();
  await hydrated(a.page);
  await expect(valueOf(a.page, 0, 0)).toHaveText("Train tickets");
  await expect(valueOf(a.page, 0, 1)).toHaveText("129.5");

  const link = await shareLink(a.page);
  const guest = await signedOut(browser);
  expect((await guest.page.goto(link))!.status()).toBe(200);
  await hydrated(guest.page);
  await expect(valueOf(guest.page, 0, 0)).toHaveText("Train tickets");
  await expect(guest.page.getByTestId("table-add-row")).toHaveCount(0);
  await expect(guest.page.getByTestId("table-column-menu")).toHaveCount(0);
  await cell(guest.page, 0, 0).click();
  await guest.page.keyboard.press("Enter");
  await guest.page.keyboard.type("mine now");
  await expect(guest.page.getByTestId("table-cell-input")).toHaveCount(0);
  await expect(cell(guest.page, 0, 3).locator("input[type=checkbox]")).toBeDisabled();
  await expect(valueOf(guest.page, 0, 0)).toHaveText("Train tickets");
  await guest.page.screenshot({ path: `${test.info().project.outputDir}/screens/doc-table-shared-light.png`, animations: "disabled" });

  await picture(a.page, "table", () => expect(valueOf(a.page, 0, 0)).toHaveText("Train tickets"));
  expect([...a.errors, ...b.errors, ...guest.errors]).toEqual([]);
  await guest.context.close();
  await a.context.close();
  await b.context.close();
});
