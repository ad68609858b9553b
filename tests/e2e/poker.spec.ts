/**
 * Poker rooms in three browsers at once: the facilitator (the project's owner), a member with
 * write access, and a guest who opens the join link without an account.
 */
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { createProjectFromList, expect, origin, hydrated, open, person, t, test, SCREENS } from "./fixtures";

type Someone = { context: BrowserContext; page: Page; errors: string[] };

let guests = 0;
/** A browser with no account at all, from an address of its own (rate limits are per IP). */
async function guestBrowser(browser: Browser, options: { theme?: "light" | "dark" } = {}): Promise<Someone> {
  guests += 1;
  const address = `10.${(test.info().workerIndex % 200) + 20}.${200 + Math.floor(guests / 250)}.${(guests % 250) + 1}`;
  const context = await browser.newContext({ extraHTTPHeaders: { "CF-Connecting-IP": address }, viewport: { width: 1280, height: 1000 } });
  if (options.theme) await context.addInitScript((v) => localStorage.setItem("theme", v), options.theme);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  return { context, page, errors };
}

/** A project owned by a new person, with a member (write access) who accepted the invitation. */
async function team(browser: Browser, options: { theme?: "light" | "dark" } = {}) {
  const viewport = { viewport: { width: 1280, height: 1000 } };
  const fac = await person(browser, "Fay Facilitator", viewport);
  const member = await person(browser, "Max Member", viewport);
  if (options.theme) for (const p of [fac, member]) await p.context.addInitScript((v) => localStorage.setItem("theme", v), options.theme);
  const projectPath = await createProjectFromList(fac.page, "Poker");
  const project = projectPath.split("/")[2]!;
  const invite = await fac.page.request.post(`/api/v1/project/${project}/invite`, { data: [{ email: member.email, value: "member" }], headers: origin() });
  const [sent] = (await invite.json()) as { guid: string }[];
  expect((await member.page.request.put(`/api/v1/project/invited/${sent!.guid}`, { data: { successfully: true }, headers: origin() })).status()).toBe(200);
  return { fac, member, project, projectPath };
}

async function createTask(page: Page, project: string, values: { slug: string; value: unknown }[]) {
  const res = await page.request.post(`/api/v1/project/${project}/issue`, { data: { custom_fields: values }, headers: origin() });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { guid: string }).guid;
}

/** The facilitator opens a new poker room from the rooms page; returns its guid. */
async function newPokerRoom(page: Page, projectPath: string, title: string) {
  await open(page, `${projectPath}/rooms`);
  await page.getByTestId("new-room").click();
  const dialog = page.getByTestId("new-room-dialog");
  await dialog.getByTestId("new-room-name").fill(title);
  await expect(dialog.getByTestId("new-room-deck")).toHaveValue("fibonacci");
  await dialog.getByTestId("new-room-create").click();
  await expect(page.getByTestId("poker-room")).toBeVisible();
  await expect(page.getByTestId("room-status")).toHaveAttribute("data-status", "open");
  return (await page.getByTestId("poker-room").getAttribute("data-room"))!;
}

/** The owner opens the room to guests from its header (rooms are closed to them until then). */
async function allowGuests(page: Page) {
  await page.getByTestId("room-guests").click();
  await expect(page.getByTestId("room-guests")).toHaveAttribute("aria-checked", "true");
}

/** Adds backlog tasks by title through the queue's dialog. */
async function addFromBacklog(page: Page, titles: string[]) {
  await page.getByTestId("queue-add").click();
  const dialog = page.getByTestId("add-issues-dialog");
  for (const title of titles) await dialog.locator(`[data-testid=add-issues-task][data-title="${title}"]`).click();
  await dialog.getByTestId("add-issues-submit").click();
  await expect(dialog).toBeHidden();
  await expect.poll(() => queueTitles(page)).toEqual(titles);
}

const queueTitles = (page: Page) => page.getByTestId("queue-issue").evaluateAll((rows) => rows.map((r) => r.getAttribute("data-title")));

/** Each seat's state as the page shows it: voted or not, and the card if one is shown face up. */
const seats = (page: Page) =>
  page.getByTestId("seat").evaluateAll((rows) => Object.fromEntries(rows.map((r) => [r.getAttribute("data-name"), { voted: r.getAttribute("data-voted") === "true", card: r.getAttribute("data-card") }])));

async function vote(page: Page, card: string) {
  await page.locator(`[data-testid=deck-card][data-card="${card}"]`).click();
  await expect(page.locator(`[data-testid=deck-card][data-card="${card}"]`)).toHaveAttribute("aria-pressed", "true");
}

async function joinAsGuest(page: Page, url: string, name: string, options: { spectator?: boolean } = {}) {
  await open(page, url);
  await page.getByTestId("join-name").fill(name);
  if (options.spectator) await page.getByTestId("join-spectator").check();
  await page.getByTestId("join-submit").click();
}

test("a full round in three browsers: hidden votes, one flip for all, the accepted card becomes the task's estimate", async ({ browser }) => {
  test.setTimeout(180_000);
  const { fac, member, project, projectPath } = await team(browser);
  const guest = await guestBrowser(browser);
  // Dragging the queue is the facilitator's alone: only their page loads the sortable queue.
  const scripts = { fac: [] as string[], member: [] as string[] };
  for (const who of ["fac", "member"] as const) {
    const page = who === "fac" ? fac.page : member.page;
    page.on("request", (r) => void (new URL(r.url()).pathname.endsWith(".js") && scripts[who].push(new URL(r.url()).pathname)));
  }
  const login = await createTask(fac.page, project, [{ slug: "title", value: "Login form" }, { slug: "description", value: "Email and password, with a remember-me box." }]);
  await createTask(fac.page, project, [{ slug: "title", value: "Password reset" }, { slug: "estimate", value: 2 }]);

  // The facilitator opens a room, queues both backlog tasks and picks the first.
  await newPokerRoom(fac.page, projectPath, "Sprint 1 estimation");
  await allowGuests(fac.page);
  await addFromBacklog(fac.page, ["Login form", "Password reset"]);
  await fac.page.locator('[data-testid=queue-issue][data-title="Login form"]').getByTestId("queue-pick").click();
  await expect(fac.page.getByTestId("current-title")).toHaveText("Login form");
  const joinUrl = new URL((await fac.page.getByTestId("copy-join-link").getAttribute("data-url"))!).pathname;

  // The member comes in from the project's rooms page; the guest through the link.
  await open(member.page, `${projectPath}/rooms`);
  await member.page.getByTestId("room-link").filter({ hasText: "Sprint 1 estimation" }).click();
  await joinAsGuest(guest.page, joinUrl, "Gus Guest");
  const pages = [fac.page, member.page, guest.page];
  for (const page of pages) {
    await expect(page.getByTestId("poker-room")).toBeVisible();
    await expect(page.getByTestId("current-title")).toHaveText("Login form");
    await expect(page.getByTestId("current-description")).toHaveText("Email and password, with a remember-me box.");
    await expect(page.locator("[data-testid=participant][data-present=true]")).toHaveCount(3);
  }
  await expect(guest.page.locator('[data-testid=participant][data-name="Fay Facilitator"]')).toContainText(await roleText(guest.page, "facilitator"));
  await expect.poll(() => scripts.fac.some((path) => path.includes("/sortable-queue-"))).toBe(true);
  expect(scripts.member.filter((path) => path.includes("/sortable-queue-"))).toEqual([]);
  // The room is in the server's first flush, not streamed in after a spinner: hydration once fell
  // back to that spinner and the page shifted by 0.165 (issue 15).
  const html = await (await member.page.request.get(new URL(member.page.url()).pathname)).text();
  const roomAt = html.indexOf('data-testid="poker-room"');
  const streamedAt = html.indexOf('<div hidden id="S:');
  expect(roomAt).toBeGreaterThan(0);
  expect(streamedAt === -1 || roomAt < streamedAt, "the poker room is streamed after a fallback").toBe(true);

  // Votes: everyone sees who voted, nobody sees another's card.
  await vote(member.page, "5");
  await vote(guest.page, "8");
  for (const page of pages) {
    await expect.poll(() => seats(page)).toMatchObject({ "Max Member": { voted: true, card: "" }, "Gus Guest": { voted: true, card: "" }, "Fay Facilitator": { voted: false, card: "" } });
  }
  for (const [page, own] of [[fac.page, null], [member.page, "Max Member"], [guest.page, "Gus Guest"]] as const) {
    for (const name of ["Max Member", "Gus Guest"]) {
      if (name === own) continue;
      const seat = page.locator(`[data-testid=seat][data-name="${name}"]`);
      await expect(seat).not.toContainText(/\b(5|8)\b/);
    }
  }
  await vote(fac.page, "8");
  for (const page of pages) await expect(page.getByTestId("voted-count")).toContainText("3");

  // One flip shows all three cards at once, in every browser.
  await fac.page.getByTestId("flip").click();
  for (const page of pages) {
    await expect(page.getByTestId("poker-table")).toHaveAttribute("data-revealed", "true");
    // The moment the table is revealed every card is there: no browser ever shows part of a flip.
    expect(await seats(page)).toEqual({ "Fay Facilitator": { voted: true, card: "8" }, "Max Member": { voted: true, card: "5" }, "Gus Guest": { voted: true, card: "8" } });
    await expect(page.getByTestId("result-average")).toHaveText("7");
    await expect(page.getByTestId("result-median")).toHaveText("8");
    await expect(page.getByTestId("result-agreement")).toHaveText("67%");
  }

  // The member also has the planning board open in another tab: the backlog holds 2 points.
  // (A board ignores the live messages of its own viewer's changes, so it is not the facilitator's.)
  const board = await member.context.newPage();
  await open(board, `${projectPath}/taskboard?view=planning`);
  const backlog = board.locator("[data-testid=board-lane][data-backlog=true]");
  await expect(backlog.getByTestId("lane-estimate")).toHaveText(/^2\b/);

  // The facilitator accepts the suggested card (the most played, 8); everyone sees it.
  await expect(fac.page.getByTestId("accept-select")).toHaveValue("8");
  await fac.page.getByTestId("accept").click();
  for (const page of pages) {
    await expect(page.getByTestId("accepted")).toContainText("8");
    await expect(page.locator('[data-testid=queue-issue][data-title="Login form"]').getByTestId("queue-accepted")).toHaveText("8");
  }
  // Removing an issue from the queue takes it away for everyone.
  await fac.page.locator('[data-testid=queue-issue][data-title="Password reset"]').getByTestId("queue-remove").click();
  for (const page of pages) await expect.poll(() => queueTitles(page)).toEqual(["Login form"]);
  // The estimate lands on the task: the open board's lane total follows without a reload…
  await expect(backlog.getByTestId("lane-estimate")).toHaveText(/^10\b/, { timeout: 7_000 });
  // …and the task page shows it.
  await open(board, `${projectPath}/issue/${login}`);
  await expect(board.getByTestId("value-estimate")).toHaveValue("8");
  // The member finds the room among the rooms they take part in, on their projects page.
  await open(board, "/project");
  await expect(board.getByTestId("rooms-part").getByTestId("room-link")).toHaveText(["Sprint 1 estimation"]);

  expect([...fac.errors, ...member.errors, ...guest.errors]).toEqual([]);
  for (const p of [fac, member, guest]) await p.context.close();
});

async function roleText(page: Page, role: string) {
  const res = await page.request.get("/locales/en/rooms.json");
  const json = (await res.json()) as { poker: { roles: Record<string, string> } };
  return json.poker.roles[role]!;
}

/**
 * A facilitator's room with Alpha and Beta queued, reloaded with the queue's drag chunk held
 * back: the plain rows show until `release()` lets the chunk through.
 */
async function queueWithHeldDrag(browser: Browser, roomTitle: string) {
  const { fac, member, project, projectPath } = await team(browser);
  for (const title of ["Alpha", "Beta"]) await createTask(fac.page, project, [{ slug: "title", value: title }]);
  await newPokerRoom(fac.page, projectPath, roomTitle);
  await addFromBacklog(fac.page, ["Alpha", "Beta"]);
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await fac.page.route(/\/sortable-queue-[^/]*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await fac.page.reload();
  await hydrated(fac.page);
  return { fac, member, release };
}

test("a facilitator's focus on the queue comes back once its drag has loaded", async ({ browser }) => {
  test.slow();
  // The drag's chunk is held back until the facilitator has focused a handle of the plain rows.
  const { fac, member, release } = await queueWithHeldDrag(browser, "Focus kept");
  const beta = fac.page.locator('[data-testid=queue-issue][data-title="Beta"]');
  await expect(beta.getByTestId("queue-drag")).not.toHaveAttribute("aria-roledescription", /.+/);
  await beta.getByTestId("queue-drag").focus();
  release();
  // The sortable rows replace the plain ones and the same handle has the focus again: the keyboard
  // drag goes on from there.
  await expect(beta.getByTestId("queue-drag")).toHaveAttribute("aria-roledescription", /.+/);
  await expect(beta.getByTestId("queue-drag")).toBeFocused();
  // Each key waits for the screen reader's announcement of the step before, as a person would.
  const over = async (place: string) => {
    const text = (await t(fac.page.request, "en", "rooms:poker.queue.dnd.over")).replace("{{title}}", "Beta").replace("{{place}}", place);
    await expect(fac.page.getByRole("status").filter({ hasText: text })).toHaveCount(1);
  };
  await fac.page.keyboard.press("Space");
  await over("2");
  await fac.page.keyboard.press("ArrowUp");
  await over("1");
  await fac.page.keyboard.press("Space");
  await expect.poll(() => queueTitles(fac.page)).toEqual(["Beta", "Alpha"]);
  expect(fac.errors).toEqual([]);
  await fac.context.close();
  await member.context.close();
});

test("a facilitator's click on the queue is not lost when its drag arrives between the press and the release", async ({ browser }) => {
  test.slow();
  const { fac, member, release } = await queueWithHeldDrag(browser, "Click kept");
  const pick = fac.page.locator('[data-testid=queue-issue][data-title="Beta"]').getByTestId("queue-pick");
  await expect(pick).toBeVisible();
  // The press lands on the plain row; the drag's chunk arrives and runs while the button is down.
  await pick.hover();
  await fac.page.mouse.down();
  const arrived = fac.page.waitForResponse(/\/sortable-queue-[^/]*\.js$/);
  release();
  await arrived;
  await fac.page.waitForTimeout(300);
  // The rows were not drawn anew under the pointer: the release completes the click.
  await expect(fac.page.getByTestId("queue-drag").first()).not.toHaveAttribute("aria-roledescription", /.+/);
  await fac.page.mouse.up();
  await expect(fac.page.getByTestId("current-title")).toHaveText("Beta");
  // Then the sortable rows take their place.
  await expect(fac.page.getByTestId("queue-drag").first()).toHaveAttribute("aria-roledescription", /.+/);
  expect(fac.errors).toEqual([]);
  await fac.context.close();
  await member.context.close();
});

test("a guest spectator cannot vote; roles, keyboard voting, the shared timer, reload, auto-flip, re-vote and the archived history", async ({ browser }) => {
  test.setTimeout(180_000);
  const { fac, member, project, projectPath } = await team(browser);
  const watcher = await guestBrowser(browser);
  for (const title of ["First task", "Second task", "Third task"]) await createTask(fac.page, project, [{ slug: "title", value: title }]);
  const room = await newPokerRoom(fac.page, projectPath, "Timer and reload");
  await allowGuests(fac.page);
  await addFromBacklog(fac.page, ["First task", "Second task", "Third task"]);
  await fac.page.locator('[data-testid=queue-issue][data-title="First task"]').getByTestId("queue-pick").click();

  // A project member who opens the guest link is taken to the room inside the project.
  await open(member.page, `/join/${room}`);
  await expect(member.page).toHaveURL(new RegExp(`${projectPath}/room/poker/${room}$`));
  await joinAsGuest(watcher.page, `/join/${room}`, "Wendy Watcher", { spectator: true });
  const pages = [fac.page, member.page, watcher.page];
  for (const page of pages) await expect(page.getByTestId("current-title")).toHaveText("First task");

  // The member sits out as a spectator for a moment, then votes again: everyone sees the seat go and come.
  await member.page.getByTestId("role-spectator").click();
  await expect(fac.page.locator('[data-testid=participant][data-name="Max Member"]')).toHaveAttribute("data-role", "spectator");
  await expect(fac.page.locator('[data-testid=seat][data-name="Max Member"]')).toHaveCount(0);
  await expect(member.page.getByTestId("deck-card").first()).toBeDisabled();
  await member.page.getByTestId("role-voter").click();
  await expect(fac.page.locator('[data-testid=seat][data-name="Max Member"]')).toHaveCount(1);

  // The spectator guest sees the deck but cannot play it, and the API refuses a vote too.
  await expect(watcher.page.locator('[data-testid=participant][data-name="Wendy Watcher"]')).toHaveAttribute("data-role", "spectator");
  await expect(watcher.page.getByTestId("deck")).toHaveAttribute("data-disabled", "true");
  await expect(watcher.page.getByTestId("deck-card").first()).toBeDisabled();
  await expect(watcher.page.getByTestId("seat")).toHaveCount(2);
  const refused = await watcher.page.request.post(`/api/v1/rooms/${room}/issues/${await currentIssue(fac.page)}/votes`, { data: { card: "3" }, headers: origin() });
  expect(refused.status()).toBe(403);

  // The facilitator reorders the queue with the keyboard; everyone sees the new order.
  // Each key waits for the screen reader's announcement of the step before, as a person would.
  const said = async (key: string, values: Record<string, string>) => {
    let text = await t(fac.page.request, "en", `rooms:poker.queue.dnd.${key}`);
    for (const [k, v] of Object.entries(values)) text = text.replace(`{{${k}}}`, v);
    await expect(fac.page.getByRole("status").filter({ hasText: text })).toHaveCount(1);
  };
  await fac.page.locator('[data-testid=queue-issue][data-title="Third task"]').getByTestId("queue-drag").focus();
  await fac.page.keyboard.press("Space");
  await said("over", { title: "Third task", place: "3" });
  await fac.page.keyboard.press("ArrowUp");
  await said("over", { title: "Third task", place: "2" });
  await fac.page.keyboard.press("Space");
  for (const page of pages) await expect.poll(() => queueTitles(page)).toEqual(["First task", "Third task", "Second task"]);

  // A shared timer: each browser counts down locally to the same end.
  await fac.page.getByTestId("timer-length").selectOption("120");
  await fac.page.getByTestId("timer-start").click();
  const readSeconds = async (page: Page) => Number(await page.getByTestId("timer").getAttribute("data-seconds"));
  const first: number[] = [];
  for (const page of pages) {
    await expect(page.getByTestId("timer-display")).toHaveText(/^(2:00|1:5\d)$/);
    first.push(await readSeconds(page));
  }
  for (const [i, page] of pages.entries()) await expect.poll(() => readSeconds(page), { timeout: 5_000 }).toBeLessThan(first[i]!);
  // The browsers agree on the time left (within a second or two of each other's ticks).
  const now = await Promise.all(pages.map(readSeconds));
  expect(Math.max(...now) - Math.min(...now)).toBeLessThanOrEqual(2);

  // A vote is cast; then every browser reloads and finds the same room.
  // The member votes with the keyboard: arrows walk the deck (0 1 2 3 5 8 13), Enter plays.
  await member.page.locator('[data-testid=deck-card][data-card="0"]').focus();
  for (let i = 0; i < 6; i++) await member.page.keyboard.press("ArrowRight");
  await expect(member.page.locator('[data-testid=deck-card][data-card="13"]')).toBeFocused();
  await member.page.keyboard.press("Enter");
  await expect(member.page.locator('[data-testid=deck-card][data-card="13"]')).toHaveAttribute("aria-pressed", "true");
  await expect.poll(() => seats(fac.page)).toMatchObject({ "Max Member": { voted: true, card: "" } });
  for (const page of pages) {
    await page.reload();
    await hydrated(page);
    await expect(page.getByTestId("current-title")).toHaveText("First task");
    await expect.poll(() => queueTitles(page)).toEqual(["First task", "Third task", "Second task"]);
    await expect(page.getByTestId("timer-display")).toHaveText(/^1:\d\d$/);
    await expect.poll(() => seats(page)).toMatchObject({ "Max Member": { voted: true }, "Fay Facilitator": { voted: false } });
  }
  // The member still sees (only) their own card; the spectator still cannot vote.
  await expect(member.page.locator('[data-testid=deck-card][data-card="13"]')).toHaveAttribute("aria-pressed", "true");
  await expect(watcher.page.getByTestId("deck-card").first()).toBeDisabled();

  // Auto-flip: once the last voter votes, the cards turn by themselves in every browser.
  await fac.page.getByTestId("auto-flip").click();
  await expect(fac.page.getByTestId("auto-flip")).toHaveAttribute("aria-checked", "true");
  await vote(fac.page, "8");
  for (const page of pages) await expect(page.getByTestId("poker-table")).toHaveAttribute("data-revealed", "true");
  // "Vote again" clears the round for everyone; the second round agrees.
  await fac.page.getByTestId("revote").click();
  for (const page of pages) {
    await expect(page.getByTestId("poker-table")).toHaveAttribute("data-revealed", "false");
    await expect.poll(() => seats(page)).toMatchObject({ "Max Member": { voted: false }, "Fay Facilitator": { voted: false } });
  }
  await vote(member.page, "13");
  await vote(fac.page, "13");
  for (const page of pages) await expect(page.getByTestId("result-agreement")).toHaveText("100%");

  // The round ends; the facilitator archives the room and its history stays readable to all.
  await fac.page.getByTestId("accept").click();
  await expect(fac.page.getByTestId("accepted")).toContainText("13");
  await fac.page.getByTestId("room-archive").click();
  await fac.page.getByTestId("archive-dialog-confirm").click();
  for (const page of pages) {
    await expect(page.getByTestId("room-archived")).toBeVisible();
    const issue = page.locator('[data-testid=history-issue][data-accepted="13"]');
    await expect(issue).toContainText("First task");
    await expect(issue.getByTestId("history-round")).toHaveCount(2);
    await expect(issue.getByTestId("history-round").first()).toContainText("Max Member: 13");
    await expect(issue.getByTestId("history-round").first()).toContainText("Fay Facilitator: 8");
    await expect(issue.getByTestId("history-round").nth(1)).toContainText("Fay Facilitator: 13");
  }
  await open(fac.page, `${projectPath}/rooms`);
  await expect(fac.page.locator(`[data-testid=room-card][data-room="${room}"]`)).toHaveAttribute("data-archived", "true");

  expect([...fac.errors, ...member.errors, ...watcher.errors]).toEqual([]);
  for (const p of [fac, member, watcher]) await p.context.close();
});

async function currentIssue(page: Page) {
  return (await page.getByTestId("current-issue").getAttribute("data-issue"))!;
}

test("with verification on, a guest waits until the owner admits them, then the room opens by itself", async ({ browser }) => {
  test.setTimeout(120_000);
  const fac = await person(browser, "Olga Owner", { viewport: { width: 1280, height: 1000 } });
  const projectPath = await createProjectFromList(fac.page, "Verify");
  const room = await newPokerRoom(fac.page, projectPath, "Closed doors");
  const guest = await guestBrowser(browser);
  const refusedOne = await guestBrowser(browser);
  // Closed to guests until the owner opens it: the link page says so and offers no form.
  await open(guest.page, `/join/${room}`);
  await expect(guest.page.getByTestId("join-closed")).toBeVisible();
  await expect(guest.page.getByTestId("join-form")).toHaveCount(0);
  await allowGuests(fac.page);
  await fac.page.getByTestId("require-verification").click();
  await expect(fac.page.getByTestId("require-verification")).toHaveAttribute("aria-checked", "true");

  await joinAsGuest(guest.page, `/join/${room}`, "Gina Guest");
  await joinAsGuest(refusedOne.page, `/join/${room}`, "Ron Refused");
  await expect(guest.page.getByTestId("join-waiting")).toBeVisible();
  await expect(refusedOne.page.getByTestId("join-waiting")).toBeVisible();

  // The owner sees who waits, from the room's link or the verification page.
  await expect(fac.page.getByTestId("verify-link")).toContainText("2", { timeout: 10_000 });
  await fac.page.getByTestId("verify-link").click();
  await expect(fac.page.getByTestId("verify-guest")).toHaveCount(2);
  await fac.page.locator('[data-testid=verify-guest][data-name="Ron Refused"]').getByTestId("verify-refuse").click();
  await fac.page.locator('[data-testid=verify-guest][data-name="Gina Guest"]').getByTestId("verify-admit").click();
  await expect(fac.page.getByTestId("verify-empty")).toBeVisible();

  // Admitted: the waiting page turns into the room. Refused: back to the form, told why.
  await expect(guest.page.getByTestId("poker-room")).toBeVisible({ timeout: 10_000 });
  await expect(guest.page.locator('[data-testid=participant][data-name="Gina Guest"]')).toHaveAttribute("data-present", "true");
  await expect(refusedOne.page.getByTestId("join-form")).toContainText(await messageOf(refusedOne.page, "join.refused"), { timeout: 10_000 });

  expect([...fac.errors, ...guest.errors, ...refusedOne.errors]).toEqual([]);
  for (const p of [fac, guest, refusedOne]) await p.context.close();
});

async function messageOf(page: Page, path: string) {
  const json = (await (await page.request.get("/locales/en/rooms.json")).json()) as Record<string, Record<string, string>>;
  const [a, b] = path.split(".") as [string, string];
  return json[a]![b]!;
}

test("custom decks are made on the rooms page and offered for new rooms", async ({ browser }) => {
  const fac = await person(browser, "Dora Decks", { viewport: { width: 1280, height: 1000 } });
  const projectPath = await createProjectFromList(fac.page, "Decks");
  await open(fac.page, `${projectPath}/rooms`);
  await expect(fac.page.getByTestId("rooms-empty")).toBeVisible();
  await fac.page.getByTestId("deck-new").click();
  const dialog = fac.page.getByTestId("deck-dialog");
  // A card that repeats another is refused in place, in the page's language.
  await dialog.getByTestId("deck-name").fill("Hours");
  const labels = dialog.getByTestId("deck-card-label");
  const values = dialog.getByTestId("deck-card-value");
  await labels.nth(3).fill("1");
  await dialog.getByTestId("deck-save").click();
  await expect(dialog).toBeVisible();
  await labels.nth(3).fill("1d");
  await values.nth(3).fill("8");
  await dialog.getByTestId("deck-save").click();
  await expect(dialog).toBeHidden();
  const deck = fac.page.locator("[data-testid=deck-item][data-builtin=false]");
  await expect(deck).toContainText("Hours");
  await expect(deck).toContainText("1d");

  await fac.page.getByTestId("new-room").click();
  const guid = (await deck.getAttribute("data-deck"))!;
  await fac.page.getByTestId("new-room-deck").selectOption(guid);
  await expect(fac.page.getByTestId("new-room-deck-cards")).toContainText("1d");
  await fac.page.getByTestId("new-room-name").fill("Hours room");
  await fac.page.getByTestId("new-room-create").click();
  await expect(fac.page.locator('[data-testid=deck-card][data-card="1d"]')).toBeVisible();

  // Deleting the deck takes it off the list (the room keeps its cards).
  await open(fac.page, `${projectPath}/rooms`);
  await fac.page.locator(`[data-testid=deck-item][data-deck="${guid}"]`).getByTestId("deck-delete").click();
  await fac.page.getByTestId("deck-delete-dialog-confirm").click();
  await expect(fac.page.locator(`[data-testid=deck-item][data-deck="${guid}"]`)).toHaveCount(0);
  expect(fac.errors).toEqual([]);
  await fac.context.close();
});

for (const theme of ["light", "dark"] as const) {
  test(`pictures the rooms page, the poker room before and after the flip and the guest join page in the ${theme} theme`, SCREENS, async ({ browser }) => {
    test.setTimeout(150_000);
    const shot = (page: Page, name: string) => page.screenshot({ path: `${test.info().project.outputDir}/screens/${name}-${theme}.png`, fullPage: true, animations: "disabled" });
    const { fac, member, project, projectPath } = await team(browser, { theme });
    const guest = await guestBrowser(browser, { theme });
    await createTask(fac.page, project, [{ slug: "title", value: "Sign-in with passkeys" }, { slug: "description", value: "As a user I want to sign in with a passkey, so that I need no password.\nWorks in Chrome, Safari and Firefox." }]);
    await createTask(fac.page, project, [{ slug: "title", value: "Export the board to CSV" }, { slug: "estimate", value: 3 }]);
    await createTask(fac.page, project, [{ slug: "title", value: "Dark theme for the charts of the statistics page" }]);
    const room = await newPokerRoom(fac.page, projectPath, "Sprint 14 estimation");
    await allowGuests(fac.page);
    await addFromBacklog(fac.page, ["Sign-in with passkeys", "Export the board to CSV", "Dark theme for the charts of the statistics page"]);
    await fac.page.locator('[data-testid=queue-issue][data-title="Sign-in with passkeys"]').getByTestId("queue-pick").click();
    await open(guest.page, `/join/${room}`);
    await expect(guest.page.getByTestId("join-form")).toBeVisible();
    await shot(guest.page, "poker-join");
    await guest.page.getByTestId("join-name").fill("Gus Guest");
    await guest.page.getByTestId("join-submit").click();
    await open(member.page, `${projectPath}/room/poker/${room}`);
    await vote(member.page, "5");
    await vote(guest.page, "8");
    await fac.page.getByTestId("timer-start").click();
    await expect(fac.page.getByTestId("voted-count")).toContainText("2");
    await shot(fac.page, "poker-room-before-flip");
    await shot(guest.page, "poker-room-guest");
    await vote(fac.page, "8");
    await fac.page.getByTestId("flip").click();
    await expect(fac.page.getByTestId("results")).toBeVisible();
    await shot(fac.page, "poker-room-after-flip");
    await open(fac.page, `${projectPath}/rooms`);
    await expect(fac.page.getByTestId("room-card")).toHaveCount(1);
    await shot(fac.page, "rooms-page");
    await open(fac.page, "/project");
    await expect(fac.page.getByTestId("rooms-part")).toBeVisible();
    await shot(fac.page, "projects-rooms-part");
    for (const p of [fac, member, guest]) await p.context.close();
  });
}
