/**
 * The retro room in real browsers at once: a facilitator (the project's owner), a member and a
 * guest who came by link. Everything one of them does reaches the others through the room's
 * Durable Object; refusals come back translated.
 */
import type { Browser, Locator, Page } from "@playwright/test";
import { createProjectFromList, expect, origin, hydrated, open, person, t, test } from "./fixtures";

const VIEWPORT = { width: 1440, height: 1000 };

const column = (page: Page, id: string) => page.locator(`[data-testid=retro-column][data-column="${id}"]`);
const note = (page: Page, text: string) => page.locator(`[data-testid=retro-note][data-text="${text}"]`);
const groupOf = (page: Page, text: string) => page.getByTestId("retro-group").filter({ has: note(page, text) });
const textsIn = (page: Page, id: string) => column(page, id).getByTestId("retro-note").evaluateAll((notes) => notes.map((n) => n.getAttribute("data-text")));

async function addNote(page: Page, columnId: string, text: string) {
  const col = column(page, columnId);
  await col.getByTestId("add-note-text").fill(text);
  await col.getByTestId("add-note-submit").click();
  await expect(col.locator(`[data-testid=retro-note][data-text="${text}"]`)).toBeVisible();
  await expect(col.getByTestId("add-note-text")).toHaveValue("");
}

/** A pointer drag from the middle of one element to the middle of another, in small steps (dnd-kit needs movement). */
async function drag(page: Page, from: Locator, to: Locator) {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 10, a.y + a.height / 2 + 10, { steps: 4 });
  await page.mouse.move(b.x + b.width / 2, b.y + b.height / 2, { steps: 15 });
  await page.mouse.move(b.x + b.width / 2 + 2, b.y + b.height / 2 + 2, { steps: 3 });
  await page.mouse.up();
}

async function shoot(page: Page, name: string) {
  // The app header is sticky: a page scrolled by earlier clicks would draw it over the board.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${test.info().project.outputDir}/screens/retro-${name}.png`, fullPage: true, animations: "disabled" });
}

/** A project of `owner` with `member` in it (write access), an active and a planned sprint, and a retro room. */
async function retroSetup(owner: Awaited<ReturnType<typeof person>>, member: Awaited<ReturnType<typeof person>>) {
  const projectPath = await createProjectFromList(owner.page, "Retro");
  const projectGuid = projectPath.split("/")[2]!;
  const api = owner.page.request;
  const invite = await api.post(`/api/v1/project/${projectGuid}/invite`, { data: [{ email: member.email, value: "member" }], headers: origin() });
  const [sent] = (await invite.json()) as { guid: string }[];
  expect((await member.page.request.put(`/api/v1/project/invited/${sent!.guid}`, { data: { successfully: true }, headers: origin() })).status()).toBe(200);
  const current = (await (await api.post(`/api/v1/project/${projectGuid}/sprint`, { data: { title: "Sprint 14" }, headers: origin() })).json()) as { guid: string };
  expect((await api.put(`/api/v1/project/${projectGuid}/sprint/${current.guid}`, { data: { status: "active" }, headers: origin() })).status()).toBe(200);
  expect((await api.post(`/api/v1/project/${projectGuid}/sprint`, { data: { title: "Sprint 15" }, headers: origin() })).status()).toBe(201);
  const created = await api.post(`/api/v1/project/${projectGuid}/rooms`, { data: { kind: "retro", title: "Sprint 14 retro", method: "start_stop_continue" }, headers: origin() });
  expect(created.status(), await created.text()).toBe(201);
  const room = (await created.json()) as { guid: string; url: string };
  expect(room.url).toBe(`${projectPath}/room/retro/${room.guid}`);
  return { projectPath, projectGuid, room };
}

let guests = 0;
/** Someone with no account who opens the room's link in a browser of their own and joins with a name. */
async function guestByLink(browser: Browser, roomGuid: string, name: string) {
  guests += 1;
  const context = await browser.newContext({ viewport: VIEWPORT, extraHTTPHeaders: { "CF-Connecting-IP": `10.250.${test.info().workerIndex % 200}.${guests}` } });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await open(page, `/join/${roomGuid}`);
  await page.getByTestId("join-name").fill(name);
  await page.getByTestId("join-submit").click();
  await expect(page.getByTestId("retro-room")).toBeVisible();
  return { context, page, errors, name };
}

test("a full retro: notes from facilitator, member and guest live for all, five votes and a refused sixth, hands called in order, an action item exported into the next sprint", async ({ browser, request }) => {
  test.setTimeout(180_000);
  const fac = await person(browser, "Fiona Facilitator", { viewport: VIEWPORT });
  const member = await person(browser, "Max Member", { viewport: VIEWPORT });
  // The member looks at the room in the dark theme, the facilitator in the light one.
  await member.context.addInitScript(() => localStorage.setItem("theme", "dark"));
  const { projectPath, room } = await retroSetup(fac, member);

  await open(fac.page, room.url);
  await open(member.page, room.url);
  // The poker room's title block (issue 15: the rooms agree): the title, the live state and
  // the Meeting button in the title row, for the light and the dark theme alike.
  for (const page of [fac.page, member.page]) {
    await expect(page.getByTestId("room-title")).toHaveText("Sprint 14 retro");
    await expect(page.getByTestId("room-status")).toHaveAttribute("data-status", "open");
    await expect(page.getByTestId("room-open-meeting")).toBeVisible();
  }
  // Rooms are closed to guests until their owner opens them (the facilitator's options).
  await fac.page.getByTestId("room-guests").click();
  await expect(fac.page.getByTestId("room-guests")).toHaveAttribute("aria-checked", "true");
  const guest = await guestByLink(browser, room.guid, "Gus Guest");
  const everyone = [fac.page, member.page, guest.page];

  // The preset's columns, translated, and all three present for everyone.
  for (const page of everyone) {
    await expect(page.getByTestId("column-title")).toHaveText([await t(request, "en", "retro:column.start"), await t(request, "en", "retro:column.stop"), await t(request, "en", "retro:column.continue")]);
    await expect(page.locator("[data-testid=participant][data-present=true]")).toHaveCount(3);
  }
  await expect(fac.page.getByTestId("participant-name")).toHaveText(["Fiona Facilitator", "Max Member", "Gus Guest"]);
  await expect(fac.page.getByTestId("retro-phase")).toHaveAttribute("data-phase", "writing");

  // Notes from all three, in their columns, live for all.
  await addNote(fac.page, "start", "Demo every Friday");
  await addNote(fac.page, "stop", "Meetings without an agenda");
  await addNote(member.page, "start", "Pair on tricky stories");
  await addNote(member.page, "stop", "Long review queues");
  await addNote(member.page, "continue", "Daily stand-up at ten");
  await addNote(guest.page, "continue", "Writing tests first");
  await addNote(guest.page, "start", "Shorter sprints");
  for (const page of everyone) {
    await expect.poll(() => textsIn(page, "start")).toEqual(["Demo every Friday", "Pair on tricky stories", "Shorter sprints"]);
    await expect.poll(() => textsIn(page, "stop")).toEqual(["Meetings without an agenda", "Long review queues"]);
    await expect.poll(() => textsIn(page, "continue")).toEqual(["Daily stand-up at ten", "Writing tests first"]);
  }
  // Authors are shown (the room is not anonymous); one's own notes say "You".
  await expect(note(fac.page, "Writing tests first").getByTestId("note-author")).toHaveText("Gus Guest");
  await expect(note(guest.page, "Writing tests first").getByTestId("note-author")).toHaveText(await t(request, "en", "retro:note.you"));
  // Only the author edits a note: the member's edit reaches everyone, the guest has no edit tool on it.
  await note(member.page, "Daily stand-up at ten").getByTestId("note-edit").click();
  await member.page.getByTestId("note-edit-text").fill("Daily stand-up at ten sharp");
  await member.page.getByTestId("note-edit-text").press("Enter");
  for (const page of everyone) await expect(note(page, "Daily stand-up at ten sharp")).toBeVisible();
  await expect(note(guest.page, "Daily stand-up at ten sharp").getByTestId("note-edit")).toHaveCount(0);
  await shoot(fac.page, "writing-light");
  await shoot(member.page, "writing-dark");

  // Voting is closed until the facilitator opens it; members have no switch.
  await expect(member.page.getByTestId("voting-toggle")).toHaveCount(0);
  await expect(member.page.getByTestId("note-vote")).toHaveCount(0);
  await fac.page.getByTestId("voting-toggle").click();
  for (const page of everyone) {
    await expect(page.getByTestId("retro-phase")).toHaveAttribute("data-phase", "voting");
    await expect(page.getByTestId("votes-left")).toHaveAttribute("data-left", "5");
  }

  // The member spends all five votes, one per note; the sixth is refused with a translated message.
  const ballot = ["Long review queues", "Demo every Friday", "Pair on tricky stories", "Writing tests first", "Shorter sprints"];
  for (const [i, text] of ballot.entries()) {
    const button = note(member.page, text).getByTestId("note-vote");
    await button.click();
    await expect(button).toHaveAttribute("aria-pressed", "true");
    await expect(member.page.getByTestId("votes-left")).toHaveAttribute("data-left", String(4 - i));
  }
  await note(member.page, "Meetings without an agenda").getByTestId("note-vote").click();
  const refusal = member.page.locator("[data-testid=room-error][data-code=no_votes_left]");
  await expect(refusal).toHaveText(await t(request, "en", "errors:room.no_votes_left"));
  await expect(note(member.page, "Meetings without an agenda").getByTestId("note-vote")).toHaveAttribute("aria-pressed", "false");
  await expect(member.page.getByTestId("votes-left")).toHaveAttribute("data-left", "0");
  // The facilitator adds a vote of their own; others' votes stay hidden until voting closes.
  await note(fac.page, "Long review queues").getByTestId("note-vote").click();
  await expect(fac.page.getByTestId("votes-left")).toHaveAttribute("data-left", "4");
  await expect(fac.page.getByTestId("note-votes")).toHaveCount(0);

  // "I'm done voting": the member appears in everyone's list of done voters.
  await member.page.getByTestId("done-voting").click();
  for (const page of everyone) await expect(page.getByTestId("done-voter")).toHaveText([/Max Member/]);
  await expect(note(member.page, "Long review queues").getByTestId("note-vote")).toBeDisabled();
  await shoot(fac.page, "voting-light");
  await shoot(member.page, "voting-dark");

  // Hands: the guest raises first, then the member; the facilitator calls them in that order.
  await guest.page.getByTestId("raise-hand").click();
  await expect(fac.page.getByTestId("hand")).toHaveText([/Gus Guest/]);
  await member.page.getByTestId("raise-hand").click();
  for (const page of everyone) await expect(page.getByTestId("hand")).toHaveText([/Gus Guest/, /Max Member/]);
  await expect(guest.page.getByTestId("call-next")).toHaveCount(0);
  await fac.page.getByTestId("call-next").click();
  for (const page of everyone) {
    await expect(page.getByTestId("now-speaking")).toHaveText((await t(request, "en", "retro:hands.speaking")).replace("{{name}}", "Gus Guest"));
    await expect(page.getByTestId("hand")).toHaveText([/Max Member/]);
  }
  await fac.page.getByTestId("call-next").click();
  for (const page of everyone) {
    await expect(page.getByTestId("now-speaking")).toHaveText((await t(request, "en", "retro:hands.speaking")).replace("{{name}}", "Max Member"));
    await expect(page.getByTestId("hand")).toHaveCount(0);
  }
  await expect(fac.page.getByTestId("call-next")).toBeDisabled();

  // Voting closes: totals appear and each column is sorted by votes.
  await fac.page.getByTestId("voting-toggle").click();
  for (const page of everyone) {
    await expect(page.getByTestId("retro-phase")).toHaveAttribute("data-phase", "discussing");
    await expect(page.getByTestId("sort-by-votes")).toHaveAttribute("aria-pressed", "true");
    await expect.poll(() => textsIn(page, "stop")).toEqual(["Long review queues", "Meetings without an agenda"]);
    await expect(note(page, "Long review queues").getByTestId("note-votes")).toHaveText("2");
  }
  // Unsorted again on request: the written order.
  await member.page.getByTestId("sort-by-votes").click();
  await expect.poll(() => textsIn(member.page, "stop")).toEqual(["Meetings without an agenda", "Long review queues"]);

  // The facilitator marks an action item and exports it; everyone sees it became a task.
  await note(fac.page, "Long review queues").getByTestId("note-mark-action").click();
  for (const page of everyone) await expect(page.locator("[data-testid=action-item]")).toHaveText([/Long review queues/]);
  await expect(member.page.getByTestId("export-actions")).toHaveCount(0);
  await fac.page.getByTestId("export-actions").click();
  await expect(fac.page.getByTestId("export-result")).toContainText((await t(request, "en", "retro:actions.exported_one")).replace("{{count}}", "1"));
  for (const page of everyone) await expect(page.locator("[data-testid=action-item][data-exported=true]")).toHaveCount(1);
  await expect(fac.page.getByTestId("export-actions")).toBeDisabled();
  await shoot(fac.page, "discussing-light");
  await shoot(member.page, "discussing-dark");
  await shoot(guest.page, "guest-light");
  // The guest has no project to follow the task into.
  await expect(guest.page.getByTestId("export-board-link")).toHaveCount(0);

  // The task is in the next sprint lane (the planned one, not the active one) of the planning board.
  await fac.page.getByTestId("export-board-link").click();
  await hydrated(fac.page);
  await expect(fac.page).toHaveURL(new RegExp(`${projectPath}/taskboard`));
  const lane = (title: string) => fac.page.getByTestId("board-lane").filter({ has: fac.page.getByTestId("lane-title").getByText(title, { exact: true }) });
  await expect(lane("Sprint 15").locator('[data-testid=board-task][data-title="Long review queues"]')).toBeVisible();
  await expect(lane("Sprint 14").locator('[data-testid=board-task][data-title="Long review queues"]')).toHaveCount(0);

  expect([...fac.errors, ...member.errors, ...guest.errors]).toEqual([]);
  await Promise.all([fac.context.close(), member.context.close(), guest.context.close()]);
});

test("notes move and group by pointer and keyboard, stay anonymous until revealed, and presence follows who is in the room", async ({ browser, request }) => {
  test.setTimeout(120_000);
  const fac = await person(browser, "Fay Host", { viewport: VIEWPORT });
  const member = await person(browser, "Mo Writer", { viewport: VIEWPORT });
  const { room } = await retroSetup(fac, member);
  await open(fac.page, room.url);
  await fac.page.getByTestId("option-anonymous").click();
  await expect(fac.page.getByTestId("anonymity")).toHaveAttribute("data-revealed", "false");
  await open(member.page, room.url);
  await expect(fac.page.locator("[data-testid=participant][data-present=true]")).toHaveCount(2);

  await addNote(member.page, "start", "Alpha");
  await addNote(member.page, "start", "Bravo");
  await addNote(member.page, "stop", "Charlie");
  const anonymous = await t(request, "en", "retro:note.anonymous");
  await expect(note(fac.page, "Alpha").getByTestId("note-author")).toHaveText(anonymous);
  await expect(note(member.page, "Alpha").getByTestId("note-author")).toHaveText(await t(request, "en", "retro:note.you"));
  // Only the author edits a note; the facilitator may still move, mark or delete it.
  await expect(note(fac.page, "Alpha").getByTestId("note-edit")).toHaveCount(0);
  await expect(note(fac.page, "Alpha").getByTestId("note-delete")).toHaveCount(1);

  // Pointer: Charlie goes from Stop to Continue.
  await drag(member.page, note(member.page, "Charlie"), column(member.page, "continue").getByTestId("column-notes"));
  for (const page of [fac.page, member.page]) await expect.poll(() => textsIn(page, "continue")).toEqual(["Charlie"]);

  // Keyboard: Alpha's grip, Space, → (to Stop), Space.
  const grip = note(member.page, "Alpha").getByTestId("note-drag");
  await grip.focus();
  for (const key of ["Space", "ArrowRight", "Space"]) {
    await member.page.keyboard.press(key);
    await member.page.waitForTimeout(120);
  }
  for (const page of [fac.page, member.page]) {
    await expect.poll(() => textsIn(page, "stop")).toEqual(["Alpha"]);
    await expect.poll(() => textsIn(page, "start")).toEqual(["Bravo"]);
  }

  // Pointer onto another note groups them (in the head's column); the keyboard can group too.
  await drag(member.page, note(member.page, "Bravo"), note(member.page, "Alpha"));
  for (const page of [fac.page, member.page]) {
    await expect(groupOf(page, "Alpha").getByTestId("retro-note")).toHaveCount(2);
    await expect.poll(() => textsIn(page, "stop")).toEqual(["Alpha", "Bravo"]);
  }
  const charlieGrip = note(member.page, "Charlie").getByTestId("note-drag");
  await charlieGrip.focus();
  // The keyboard sensor measures the notes between steps: give it a frame or two per key on a busy machine.
  for (const key of ["Space", "ArrowLeft", "ArrowDown", "Space"]) {
    await member.page.keyboard.press(key);
    await member.page.waitForTimeout(120);
  }
  for (const page of [fac.page, member.page]) await expect(groupOf(page, "Alpha").getByTestId("retro-note")).toHaveCount(3);
  await expect(note(fac.page, "Charlie")).toHaveAttribute("data-group", (await note(fac.page, "Alpha").getAttribute("data-note"))!);

  // Ungroup Bravo: it stands alone again, still in Stop.
  await note(member.page, "Bravo").getByTestId("note-ungroup").click();
  for (const page of [fac.page, member.page]) await expect(note(page, "Bravo")).toHaveAttribute("data-group", "");
  await expect(note(fac.page, "Bravo")).toHaveAttribute("data-column", "stop");

  // The facilitator deletes Charlie; it is gone for both.
  await note(fac.page, "Charlie").getByTestId("note-delete").click();
  for (const page of [fac.page, member.page]) await expect(note(page, "Charlie")).toHaveCount(0);

  // Reveal: the facilitator now sees the member's name on the notes.
  await fac.page.getByTestId("reveal-authors").click();
  for (const page of [fac.page, member.page]) await expect(page.getByTestId("anonymity")).toHaveAttribute("data-revealed", "true");
  await expect(note(fac.page, "Alpha").getByTestId("note-author")).toHaveText("Mo Writer");
  await shoot(fac.page, "grouped-light");

  // The member leaves: the facilitator sees them go offline, and come back.
  await member.page.goto("about:blank");
  await expect(fac.page.locator("[data-testid=participant][data-present=true]")).toHaveCount(1);
  await open(member.page, room.url);
  await expect(fac.page.locator("[data-testid=participant][data-present=true]")).toHaveCount(2);

  expect([...fac.errors, ...member.errors]).toEqual([]);
  await Promise.all([fac.context.close(), member.context.close()]);
});

test("the facilitator's options: columns from another preset, several votes per note within a smaller budget, and a change that would break cast votes refused", async ({ browser, request }) => {
  test.setTimeout(120_000);
  const fac = await person(browser, "Flo Options", { viewport: VIEWPORT });
  const member = await person(browser, "Mia Voter", { viewport: VIEWPORT });
  const { room } = await retroSetup(fac, member);
  await open(fac.page, room.url);
  await open(member.page, room.url);
  await expect(member.page.getByTestId("options-panel")).toHaveCount(0);

  // While the board is empty the facilitator may pick other columns; everyone gets them, translated.
  await fac.page.getByTestId("option-preset").selectOption("mad_sad_glad");
  const titles = await Promise.all(["mad", "sad", "glad"].map((c) => t(request, "en", `retro:column.${c}`)));
  for (const page of [fac.page, member.page]) await expect(page.getByTestId("column-title")).toHaveText(titles);
  await addNote(member.page, "glad", "Green build all week");
  await expect(fac.page.getByTestId("option-preset")).toHaveCount(0);

  // Three votes each, several allowed on one note.
  await fac.page.getByTestId("option-cumulative").click();
  await fac.page.getByTestId("option-votes-amount").fill("3");
  await fac.page.getByTestId("option-votes-amount").press("Enter");
  await fac.page.getByTestId("voting-toggle").click();
  await expect(member.page.getByTestId("votes-left")).toHaveAttribute("data-left", "3");
  const green = note(member.page, "Green build all week");
  for (let i = 1; i <= 3; i++) {
    await green.getByTestId("note-vote").click();
    await expect(green.getByTestId("note-my-votes")).toHaveText(String(i));
  }
  await green.getByTestId("note-vote").click();
  await expect(member.page.locator("[data-testid=room-error][data-code=no_votes_left]")).toBeVisible();
  await green.getByTestId("note-unvote").click();
  await expect(green.getByTestId("note-my-votes")).toHaveText("2");
  await expect(member.page.getByTestId("votes-left")).toHaveAttribute("data-left", "1");

  // One vote per note again would break the member's two votes: refused, and the switch stays on.
  await fac.page.getByTestId("option-cumulative").click();
  await expect(fac.page.locator("[data-testid=room-error][data-code=votes_conflict]")).toHaveText(await t(request, "en", "errors:room.votes_conflict"));
  await expect(fac.page.getByTestId("option-cumulative")).toHaveAttribute("aria-checked", "true");
  await shoot(member.page, "cumulative-light");

  expect([...fac.errors, ...member.errors]).toEqual([]);
  await Promise.all([fac.context.close(), member.context.close()]);
});

test("a retro bound to a finished sprint opens with its facts and last time's actions, whose task status moves live for everyone", async ({ browser }) => {
  test.slow();
  const fac = await person(browser, "Flo Facts", { viewport: VIEWPORT });
  const member = await person(browser, "Mia Member", { viewport: VIEWPORT });
  const projectPath = await createProjectFromList(fac.page, "Loop retro");
  const projectGuid = projectPath.split("/")[2]!;
  const api = (method: "post" | "put", path: string, data: unknown, page = fac.page) => page.request[method](`/api/v1/project/${projectGuid}${path}`, { data, headers: origin() });
  const invite = await api("post", "/invite", [{ email: member.email, value: "member" }]);
  const [sent] = (await invite.json()) as { guid: string }[];
  expect((await member.page.request.put(`/api/v1/project/invited/${sent!.guid}`, { data: { successfully: true }, headers: origin() })).status()).toBe(200);
  const fields = (await (await fac.page.request.get(`/api/v1/project/${projectGuid}/fields`)).json()) as { slug: string; settings: { values_set: { guid: string; key?: string }[] } }[];
  const done = fields.find((f) => f.slug === "status")!.settings.values_set.find((o) => o.key === "done")!.guid;
  const sprint = async (title: string, dates = {}) => ((await (await api("post", "/sprint", { title, ...dates })).json()) as { guid: string }).guid;
  const task = async (title: string, estimate: number, sprintGuid: string, status?: string) =>
    ((await (await api("post", "/issue", { custom_fields: [{ slug: "title", value: title }, { slug: "estimate", value: estimate }, { slug: "sprint", value: sprintGuid }, ...(status ? [{ slug: "status", value: status }] : [])] })).json()) as { guid: string; number: number });
  const last = await sprint("Sprint 7");
  // Sprint 8 is planned from today over five days and completed today: its burndown has one day drawn.
  const day = (ahead: number) => new Date(Date.now() + ahead * 86_400_000).toISOString().slice(0, 10);
  const finished = await sprint("Sprint 8", { start_date: day(0), end_date: day(4) });
  expect((await api("put", `/sprint/${last}`, { status: "active" })).status()).toBe(200);

  // Last time: the retro of Sprint 7, whose action item became a task of the next sprint.
  const created = await api("post", "/rooms", { kind: "retro", title: "Sprint 7 retro", method: "start_stop_continue", sprint: last });
  expect(created.status(), await created.text()).toBe(201);
  await open(fac.page, ((await created.json()) as { url: string }).url);
  await addNote(fac.page, "start", "Automate the release");
  await note(fac.page, "Automate the release").getByTestId("note-mark-action").click();
  await fac.page.getByTestId("export-actions").click();
  await expect(fac.page.locator("[data-testid=action-item][data-exported=true]")).toHaveCount(1);
  // The retro shows the task its action item became, with its status.
  await expect(fac.page.getByTestId("action-task")).toHaveAttribute("data-done", "false");

  // Sprint 8 runs: two tasks planned, one added after the start; it ends with two unfinished.
  const carried = await task("Search filters", 5, finished);
  await task("Login form", 3, finished, done);
  expect((await api("put", `/sprint/${finished}`, { status: "active" })).status()).toBe(200);
  const late = await task("Hotfix banner", 2, finished, done);
  expect((await api("post", `/sprint/${finished}/complete`, {})).status()).toBe(200);

  // The retro of Sprint 8, from its lane's menu, opens with the facts.
  await open(fac.page, `${projectPath}/taskboard`);
  const lane = fac.page.getByTestId("board-lane").filter({ has: fac.page.getByTestId("lane-title").getByText("Sprint 8", { exact: true }) });
  await lane.getByTestId("sprint-menu").locator("summary").click();
  await lane.getByTestId("sprint-retro").click();
  // The room page loads its screen on first use: a moment longer than a click.
  await expect(fac.page.getByTestId("room-title")).toHaveText("Retro: Sprint 8", { timeout: 15_000 });
  const facts = fac.page.getByTestId("retro-facts");
  await expect(facts.getByTestId("fact-carried-over").getByTestId("fact-task")).toHaveText([/Automate the release/, `#${carried.number} Search filters`]);
  await expect(facts.getByTestId("fact-added").getByTestId("fact-task")).toHaveText([`#${late.number} Hotfix banner`]);
  await expect(facts.getByTestId("fact-estimate-done")).toHaveText("5 done of 10");
  // The burndown spans the planned five days; the day before completion left Search filters' 5.
  await expect(facts.getByTestId("fact-burndown-line")).toHaveAttribute("data-days", "5");
  await expect(facts.getByTestId("fact-burndown")).toContainText("5 left at the start, 5 at the end");
  await facts.screenshot({ path: `${test.info().project.outputDir}/screens/retro-facts.png`, animations: "disabled" });
  const lastActions = facts.getByTestId("fact-last-actions");
  await expect(lastActions).toContainText("Sprint 7 retro");
  await expect(lastActions.getByTestId("fact-task")).toHaveAttribute("data-done", "false");

  // A teammate opens the same retro and finishes last time's action after their page has read
  // the facts but before its live socket opens (held back here, so no notice can reach it): the
  // page reads the facts again when the socket opens. The facilitator's open page hears it live.
  const action = await lastActions.getByTestId("fact-task").getAttribute("data-task");
  const memberLast = member.page.getByTestId("retro-facts").getByTestId("fact-last-actions");
  let actionDone = false;
  await member.page.routeWebSocket(/\/ws\/project\//, async (ws) => {
    if (!actionDone) {
      actionDone = true;
      await expect(memberLast.getByTestId("fact-task")).toHaveAttribute("data-done", "false");
      expect((await api("put", `/issue/${action}`, { custom_fields: [{ slug: "status", value: done }] }, member.page)).status()).toBe(200);
    }
    ws.connectToServer();
  });
  await open(member.page, fac.page.url().replace(new URL(fac.page.url()).origin, ""));
  await expect(memberLast.getByTestId("fact-task")).toHaveText(/Automate the release/);
  await expect(lastActions.getByTestId("fact-task")).toHaveAttribute("data-done", "true");
  await expect(memberLast.getByTestId("fact-task")).toHaveAttribute("data-done", "true");
  expect(actionDone).toBe(true);
  for (const p of [fac, member]) expect(p.errors).toEqual([]);
});
