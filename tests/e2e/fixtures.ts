/**
 * Shared steps of the browser journeys. Accounts that a test changes are made fresh here
 * (quick start → mailed link → password), so tests never share state beyond the seeded demo
 * user, whose password nobody changes.
 */
import { type APIRequestContext, type Browser, type BrowserContextOptions, type Locator, type Page, type Request, test as base, expect } from "@playwright/test";

/**
 * Playwright's `test`, failing any test whose page throws an uncaught error. React reports a
 * hydration mismatch that way (and then rebuilds the page, dropping e.g. the theme on <html>).
 */
export const test = base.extend<{ pageErrors: void }>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      await use();
      expect(errors, "uncaught errors in the page").toEqual([]);
    },
    { auto: true },
  ],
});
export { expect };

/**
 * The tag of the tests that only take pictures for a person to look at. They are not part of
 * `npm test` (they prove nothing a journey does not); `npm run screenshots` runs them alone and
 * leaves the pictures in test-results/screens/.
 */
export const SCREENS = { tag: "@screens" } as const;

/** The served app's local state (scripts/serve-e2e.mjs keeps one per port), for `npm run admin`. */
export const E2E_STATE = `.wrangler/e2e-state-${process.env.E2E_PORT ?? 8799}`;

/** The seeded workspace of scripts/seed.mjs. */
export const DEMO = { email: "demo@example.com", password: "demo-password-1", project: "Demo project" } as const;

/** A `/pass/{uuid}` link as mailed by quick start and password reset. */
export const PASSWORD_LINK = /\/pass\/[0-9a-f-]{36}/;

let made = 0;
/** An address no other test (or earlier run) uses. */
export function uniqueEmail(prefix: string): string {
  made += 1;
  return `${prefix}-${Date.now().toString(36)}-${test.info().workerIndex}-${made}@example.com`;
}

/** The app's own origin as a request header: writes that carry a session cookie must send it (CSRF guard). */
export const origin = () => ({ Origin: new URL(test.info().project.use.baseURL!).origin });

/** Resolves once the page's live socket of the project has said hello (its first frame). */
export const projectSocketHello = (page: Page, projectGuid: string) =>
  new Promise<void>((resolve) =>
    page.on("websocket", (ws) => {
      if (ws.url().includes(`/ws/project/${projectGuid}`)) ws.once("framereceived", () => resolve());
    }),
  );

/** The page's reads from now on: of the whole board (`taskboard.data`) and of named tasks (`GET /issues`). */
export function countReads(page: Page, projectGuid: string) {
  /** `mostAtOnce`: the most reads of tasks that were under way together. */
  const reads = { board: [] as string[], tasks: [] as string[], mostAtOnce: 0 };
  const tasksUnderWay = new Set<Request>();
  const isTasksRead = (request: Request) => new URL(request.url()).pathname === `/api/v1/project/${projectGuid}/issues`;
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (path.endsWith("/taskboard.data")) reads.board.push(request.url());
    if (!isTasksRead(request)) return;
    reads.tasks.push(request.url());
    tasksUnderWay.add(request);
    reads.mostAtOnce = Math.max(reads.mostAtOnce, tasksUnderWay.size);
  });
  page.on("requestfinished", (request) => tasksUnderWay.delete(request));
  page.on("requestfailed", (request) => tasksUnderWay.delete(request));
  return reads;
}

/**
 * Waits until the current document's controls work: React has hydrated it, or, on a guest's
 * landing page (served without React, workers/site/static-page.ts), its own script is ready.
 */
export async function hydrated(page: Page) {
  // A page load on a busy CI core, not a speed assertion (the bench and Lighthouse time it).
  await expect(page.locator('html[data-hydrated], html[data-static-page="ready"]')).toHaveCount(1, { timeout: 15_000 });
}

/** Opens a page and waits for hydration. */
export async function open(page: Page, path: string) {
  await page.goto(path);
  await hydrated(page);
}

type Messages = { [key: string]: string | Messages };
const bundles = new Map<string, Promise<Messages>>();

/**
 * A message as the browser gets it from public/locales, e.g. `t(request, "en",
 * "errors:credentials_invalid")`, so tests follow the translations instead of copying them.
 */
export async function t(request: APIRequestContext, lng: string, key: string): Promise<string> {
  const [ns, path] = key.split(":") as [string, string];
  const file = `/locales/${lng}/${ns}.json`;
  if (!bundles.has(file)) {
    bundles.set(
      file,
      request.get(file).then((res) => {
        expect(res.status(), file).toBe(200);
        return res.json() as Promise<Messages>;
      }),
    );
  }
  let value: string | Messages | undefined = await bundles.get(file)!;
  for (const part of path.split(".")) value = typeof value === "object" ? value[part] : undefined;
  if (typeof value !== "string") throw new Error(`no message ${key} in ${lng}`);
  return value;
}

/** Fills and submits the sign-in form. */
export async function signInWithForm(page: Page, email: string, password: string) {
  await open(page, "/login");
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
}

/** Signs the page's browser context in through the API (shares the context's cookies). */
export async function signInWithApi(page: Page, email: string, password: string) {
  const res = await page.request.post("/api/v1/auth", { data: { email, password }, headers: origin() });
  expect(res.status(), await res.text()).toBe(200);
}

/** Starts a workspace through the API as the landing page's form does; mails a set-password link. */
export async function quickStart(request: APIRequestContext, name: string, email: string) {
  const res = await request.post("/api/v1/qstart", {
    data: { name, email, company_size: "2-10" },
    headers: origin(),
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** The path of the newest password link mailed to an address (read from the local inbox). */
export async function newestPasswordLink(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.get(`/api/dev/mails?to=${encodeURIComponent(email)}`);
  expect(res.status()).toBe(200);
  const mails = (await res.json()) as { text: string }[];
  const path = mails[0]?.text.match(PASSWORD_LINK)?.[0];
  if (!path) throw new Error(`no password link mailed to ${email}`);
  return path;
}

/**
 * A new account with a password, signed in within the page's browser context: quick start,
 * then the mailed link used through the API.
 */
export async function newSignedInUser(page: Page, name: string) {
  const email = uniqueEmail("user");
  const password = "first-password-1";
  await quickStart(page.request, name, email);
  const uuid = (await newestPasswordLink(page.request, email)).split("/").pop();
  const res = await page.request.post("/api/v1/respasgen", {
    data: { uuid, newpass: password, repeatnewpass: password },
    headers: origin(),
  });
  expect(res.status(), await res.text()).toBe(200);
  return { name, email, password };
}

let people = 0;
/**
 * A fresh signed-in person in a browser of their own, with a client address no other test uses
 * (rate limits are per IP), collecting the page's uncaught errors.
 */
export async function person(browser: Browser, name: string, options: BrowserContextOptions = {}) {
  people += 1;
  const address = `10.${(test.info().workerIndex % 200) + 20}.${Math.floor(people / 250)}.${(people % 250) + 1}`;
  const context = await browser.newContext({ ...options, extraHTTPHeaders: { "CF-Connecting-IP": address } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  const user = await newSignedInUser(page, name);
  return { context, page, errors, ...user };
}

/** Creates a project from the project list (named `prefix` plus a unique tail) and returns its path. */
export async function createProjectFromList(page: Page, prefix: string) {
  await open(page, "/project");
  const name = `${prefix} ${Date.now().toString(36)}`;
  await page.getByTestId("new-project").locator("input").first().fill(name);
  await page.getByTestId("new-project").getByRole("button").click();
  await expect(page.getByTestId("project-name")).toHaveText(name);
  return new URL(page.url()).pathname;
}

/** The owner invites `invitee` into the project by e-mail as `role`; the invitee accepts through the API. */
export async function joinProject(owner: Page, invitee: { page: Page; email: string }, projectGuid: string, role: "member" | "viewer" = "member") {
  const headers = origin();
  const invited = await owner.request.post(`/api/v1/project/${projectGuid}/invite`, { data: [{ email: invitee.email, value: role }], headers });
  expect(invited.status(), await invited.text()).toBe(201);
  const mine = (await (await invitee.page.request.get("/api/v1/project/invited")).json()) as { guid: string; project: { guid: string } }[];
  const pending = mine.find((i) => i.project.guid === projectGuid)!;
  expect((await invitee.page.request.put(`/api/v1/project/invited/${pending.guid}`, { data: { successfully: true }, headers })).status()).toBe(200);
}

/** A new project of the owner's (named `prefix` plus a unique tail) with `invitee` in it as `role`, and one text document "Launch plan". */
export async function sharedTextDocument(owner: Page, invitee: { page: Page; email: string }, prefix: string, role: "member" | "viewer" = "member") {
  const headers = origin();
  const created = await owner.request.post("/api/v1/project", { data: { name: `${prefix} ${Date.now().toString(36)}` }, headers });
  expect(created.status(), await created.text()).toBe(201);
  const project = ((await created.json()) as { guid: string }).guid;
  await joinProject(owner, invitee, project, role);
  const doc = await owner.request.post(`/api/v1/project/${project}/docs`, { data: { kind: "text", title: "Launch plan" }, headers });
  expect(doc.status(), await doc.text()).toBe(201);
  return { project, doc: ((await doc.json()) as { guid: string }).guid };
}

/** Opens a text document and waits until its socket is synced; answers the editor's content. */
export async function openTextDocument(page: Page, project: string, doc: string) {
  await page.goto(`/project/${project}/docs/${doc}`);
  await hydrated(page);
  await expect(page.getByTestId("doc-status")).toHaveAttribute("data-status", "synced", { timeout: 15_000 });
  return page.getByTestId("doc-editor-content");
}

/**
 * Carries a planning-board task with the keyboard: Space picks it up, each key moves it, Space
 * drops it. Each step waits for the board's spoken announcement (dnd-kit measures the lanes
 * after the pick-up; a key pressed before that moves nothing), the last move for `placed`,
 * e.g. ", place 1." — so a test presses keys as fast as a person can, not faster. The task
 * board says " is over column " where the planning board says " is in " (`measured`).
 */
export async function carryByKeyboard(page: Page, handle: Locator, keys: string[], placed: string, measured = " is in ") {
  const spoken = page.locator('[id^="DndLiveRegion"]');
  await handle.focus();
  await page.keyboard.press("Space");
  // Once the lanes are measured the board says where the task is (its own place, at first).
  await expect(spoken).toContainText(measured);
  // dnd-kit's keyboard sensor starts listening for keys one task after the pickup (a timer, so
  // the Space that picked the card up does not also drop it). A person is never that quick; a
  // test on a loaded machine can be, and its first arrow would then go unheard. This page timer
  // fires after the sensor's.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
  for (const key of keys) await page.keyboard.press(key);
  await expect(spoken).toContainText(placed);
  await page.keyboard.press("Space");
}

/**
 * Excalidraw lists a CDN copy of each canvas font after ours (public/excalidraw/fonts) in every
 * @font-face; the policy refuses that third-party fallback by design, and Chromium reports it.
 */
const EXCALIDRAW_CDN_FALLBACK = /https:\/\/esm\.sh\/@excalidraw\/excalidraw@[^/]+\/dist\/prod\/fonts\//;

/** Records CSP violations, as events in the page and as the browser's console reports. */
export async function watchCsp(page: Page): Promise<string[]> {
  const violations: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || "inline"}`);
    });
  });
  page.on("console", (message) => {
    const text = message.text();
    if (/Content Security Policy|CSP violation/i.test(text) && !(/font/.test(text) && EXCALIDRAW_CDN_FALLBACK.test(text))) {
      violations.push(`${page.url()}: ${text}`);
    }
  });
  return violations;
}

/**
 * Drags `handle` onto `target` with the mouse in small steps (a drag library needs to see the
 * pointer move past its threshold first), ending `settle` pixels below the target's middle
 * (negative: above) so the drop lands on the intended side.
 */
export async function drag(page: Page, handle: Locator, target: Locator, settle = 2) {
  const from = (await handle.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 + 8, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 20 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2 + settle, { steps: 4 });
  await page.mouse.up();
}
