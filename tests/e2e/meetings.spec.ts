/**
 * Video meetings in real browsers with Chromium's fake camera and microphone: three people in
 * one WebRTC mesh over loopback, and the create-meeting form in the Russian UI.
 */
import type { Page } from "@playwright/test";
import { CHROMIUM } from "../fixtures/chromium";
import { expect, origin, hydrated, open, person, test } from "./fixtures";

// Fake media, and host candidates on 127.0.0.1 (a loopback-only host gathers none without it).
test.use({
  launchOptions: {
    ...CHROMIUM,
    args: [
      ...CHROMIUM.args,
      "--use-fake-ui-for-media-stream",
      "--use-fake-device-for-media-stream",
      "--allow-loopback-in-peer-connection",
      "--autoplay-policy=no-user-gesture-required",
    ],
  },
});

const VIEWPORT = { width: 1280, height: 900 };
const shoot = (page: Page, name: string) => page.screenshot({ path: `${test.info().project.outputDir}/screens/meeting-${name}.png`, fullPage: true, animations: "disabled" });

/** Frames decoded by each remote video of the page (not only tracks present). */
const decodedFrames = (page: Page) =>
  page.getByTestId("meeting-remote-video").evaluateAll((videos) => videos.map((v) => (v as HTMLVideoElement).getVideoPlaybackQuality().totalVideoFrames));

const chatTexts = (page: Page) => page.getByTestId("meeting-chat-text").allTextContents();
const tileOf = (page: Page, name: string) => page.locator(`[data-testid=meeting-tile][data-name="${name}"]`);

async function enter(page: Page, roomId: string) {
  await open(page, `/meeting/${roomId}`);
  await expect(page.getByTestId("meeting-preview")).toBeVisible();
  await page.getByTestId("meeting-join").click();
  await expect(page.getByTestId("meeting-status")).toHaveAttribute("data-status", "connected");
}

test("three people meet: each sees the others' video, chat in order, mute marks, leaving and a reload rejoining", async ({ browser }) => {
  test.setTimeout(90_000);
  const [ann, bob, cyd] = await Promise.all([person(browser, "Ann Host", { viewport: VIEWPORT }), person(browser, "Bob Member", { viewport: VIEWPORT }), person(browser, "Cyd Viewer", { viewport: VIEWPORT })]);
  const made = await ann.page.request.post("/api/v1/project", { data: { name: `Meet ${Date.now().toString(36)}` }, headers: origin() });
  const projectId = ((await made.json()) as { guid: string }).guid;
  for (const [who, role] of [[bob, "member"], [cyd, "viewer"]] as const) {
    const invite = await ann.page.request.post(`/api/v1/project/${projectId}/invite`, { data: [{ email: who.email, value: role }], headers: origin() });
    const [sent] = (await invite.json()) as { guid: string }[];
    expect((await who.page.request.put(`/api/v1/project/invited/${sent!.guid}`, { data: { successfully: true }, headers: origin() })).status()).toBe(200);
  }
  const room = await ann.page.request.post("/api/meeting/rooms", { data: { projectId, name: "Sprint sync", description: "Three of us, cameras on" }, headers: origin() });
  expect(room.status()).toBe(201);
  const roomId = ((await room.json()) as { guid: string }).guid;

  await open(ann.page, `/meeting/${roomId}`);
  await expect(ann.page.getByTestId("meeting-preview")).toBeVisible();
  await expect.poll(() => ann.page.getByTestId("meeting-preview").evaluate((v) => (v as HTMLVideoElement).videoWidth)).toBeGreaterThan(0);
  await shoot(ann.page, "prejoin");
  await ann.page.getByTestId("meeting-join").click();
  await expect(ann.page.getByTestId("meeting-status")).toHaveAttribute("data-status", "connected");
  await enter(bob.page, roomId);
  await enter(cyd.page, roomId);

  const everyone = [ann.page, bob.page, cyd.page];
  for (const page of everyone) {
    await expect(page.getByTestId("meeting-tile")).toHaveCount(3);
    await expect.poll(async () => (await decodedFrames(page)).filter((n) => n > 0).length, { timeout: 20_000 }).toBe(2);
  }
  await shoot(ann.page, "room");

  // Chat: every page shows the same messages in the same order, the room's order.
  const say = async (page: Page, text: string) => {
    await page.getByTestId("meeting-chat-input").fill(text);
    await page.getByTestId("meeting-chat-send").click();
  };
  await say(ann.page, "Hello from Ann");
  await say(bob.page, "Bob here");
  await say(ann.page, "Shall we start?");
  await say(cyd.page, "Ready");
  const expected = ["Hello from Ann", "Bob here", "Shall we start?", "Ready"];
  for (const page of everyone) await expect.poll(() => chatTexts(page)).toHaveLength(4);
  const orders = await Promise.all(everyone.map(chatTexts));
  expect(orders[1]).toEqual(orders[0]);
  expect(orders[2]).toEqual(orders[0]);
  expect(orders[0]!.indexOf("Hello from Ann")).toBeLessThan(orders[0]!.indexOf("Shall we start?"));
  expect([...orders[0]!].sort()).toEqual([...expected].sort());

  // Bob mutes: the others see it on his tile.
  await bob.page.getByTestId("meeting-mic").click();
  for (const page of [ann.page, cyd.page]) await expect(tileOf(page, "Bob Member")).toHaveAttribute("data-mic", "off");
  await expect(tileOf(ann.page, "Bob Member").getByTestId("tile-muted")).toBeVisible();

  // Cyd leaves: every track stops, and the others' rosters shrink.
  await cyd.page.getByTestId("meeting-leave").click();
  await expect(cyd.page.getByTestId("meeting-left")).toBeVisible();
  for (const page of [ann.page, bob.page]) await expect(page.getByTestId("meeting-tile")).toHaveCount(2);
  await expect(tileOf(ann.page, "Cyd Viewer")).toHaveCount(0);

  // Bob reloads: the tab rejoins by itself and video flows again both ways.
  await bob.page.reload();
  await hydrated(bob.page);
  await expect(bob.page.getByTestId("meeting-status")).toHaveAttribute("data-status", "connected");
  await expect(bob.page.getByTestId("meeting-tile")).toHaveCount(2);
  await expect(ann.page.getByTestId("meeting-tile")).toHaveCount(2);
  for (const page of [ann.page, bob.page]) await expect.poll(async () => (await decodedFrames(page)).filter((n) => n > 0).length, { timeout: 20_000 }).toBe(1);
  await expect(bob.page.getByTestId("meeting-chat-text")).toHaveCount(4);

  for (const p of [ann, bob, cyd]) {
    expect(p.errors, `${p.name}'s page errors`).toEqual([]);
    await p.context.close();
  }
});

test("create-meeting in Russian: a missing field is named, a server error shows its detail, the toasts read as written", async ({ browser }) => {
  const ru = await person(browser, "Рита", { viewport: VIEWPORT, locale: "ru-RU" });
  const page = ru.page;
  const made = await page.request.post("/api/v1/project", { data: { name: `Встречи ${Date.now().toString(36)}` }, headers: origin() });
  const projectId = ((await made.json()) as { guid: string }).guid;
  await open(page, `/project/${projectId}/create-meeting?lng=ru`);
  await page.getByTestId("create-meeting-name").fill("Планирование");
  await page.getByTestId("create-meeting-submit").click();
  await expect(page.getByTestId("create-meeting-error-description")).toHaveText("Опишите, о чём встреча.");
  await shoot(page, "create-invalid");

  await page.getByTestId("create-meeting-description").fill("Спринт 12");
  await page.route("**/api/meeting/rooms", (route) => route.fulfill({ status: 409, contentType: "application/json", body: JSON.stringify({ detail: "Сервер сейчас занят", code: "busy" }) }), { times: 1 });
  await page.getByTestId("create-meeting-submit").click();
  await expect(page.getByTestId("meeting-toast").filter({ hasText: "Сервер сейчас занят" })).toBeVisible();

  await page.getByTestId("create-meeting-submit").click();
  await expect(page.getByTestId("meeting-toast").filter({ hasText: /^Meeting комната успешно создана$/ })).toBeVisible();
  await expect(page).toHaveURL(/\/meeting\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("meeting-name")).toHaveText("Планирование");
  await page.getByTestId("meeting-join").click();
  await expect(page.getByTestId("meeting-toast").filter({ hasText: /^Успешно присоединились к комнате$/ })).toBeVisible();
  await expect(page.getByTestId("meeting-status")).toHaveAttribute("data-status", "connected");
  // Reached from the form without a full load, the page still got the camera.
  await expect(page.getByTestId("meeting-tile")).toHaveAttribute("data-camera", "on");
  await shoot(page, "room-ru");
  await page.getByTestId("meeting-leave").click();
  expect(ru.errors).toEqual([]);
  await ru.context.close();
});
