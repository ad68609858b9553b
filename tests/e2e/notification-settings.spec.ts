/**
 * A participant's own notification settings: a viewer (no admin rights) opens them from the
 * project's Settings tab, mutes "Access changed" in the app, and hears nothing when the owner
 * changes their access — while a removal still reaches them. Root-only tabs stay closed to them.
 */
import type { Page } from "@playwright/test";
import { expect, hydrated, open, person, t, test, SCREENS } from "./fixtures";

/** Writes that carry a session cookie must name the app's own origin (CSRF guard). */
const writeHeaders = () => ({ Origin: new URL(test.info().project.use.baseURL!).origin });

/** A message with its `{{placeholders}}` filled in, as i18next would. */
async function message(page: Page, key: string, values: Record<string, string> = {}) {
  const text = await t(page.request, "en", key);
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? "");
}

/** The owner makes a project through the API and invites `email` with `role`; the invitee accepts through the API. */
async function projectWith(owner: Page, invitee: Page, email: string, role: "viewer" | "member") {
  const created = await owner.request.post("/api/v1/project", { data: { name: `Quiet ${Date.now().toString(36)}` }, headers: writeHeaders() });
  expect(created.status(), await created.text()).toBe(201);
  const project = (await created.json()) as { guid: string; name: string };
  const invited = await owner.request.post(`/api/v1/project/${project.guid}/invite`, { data: [{ email, value: role }], headers: writeHeaders() });
  expect(invited.status(), await invited.text()).toBe(201);
  const mine = (await (await invitee.request.get("/api/v1/project/invited")).json()) as { guid: string; project: { guid: string } }[];
  const invite = mine.find((i) => i.project.guid === project.guid)!;
  const accepted = await invitee.request.put(`/api/v1/project/invited/${invite.guid}`, { data: { successfully: true }, headers: writeHeaders() });
  expect(accepted.status(), await accepted.text()).toBe(200);
  return project;
}

/** The access guid of a participant, as the owner sees the team. */
async function accessOf(owner: Page, projectGuid: string, email: string) {
  const project = (await (await owner.request.get(`/api/v1/project/${projectGuid}`)).json()) as { participants: { results: { email: string; access_project: { guid: string } }[] } };
  return project.participants.results.find((p) => p.email === email)!.access_project.guid;
}

test("a viewer mutes access changes in the app and hears nothing when the owner changes their access", async ({ browser }) => {
  test.slow();
  const owner = await person(browser, "Olivia Owner");
  const viewer = await person(browser, "Victor Viewer");
  const project = await projectWith(owner.page, viewer.page, viewer.email, "viewer");
  // Start from an empty bell: the invitation left a notification behind.
  expect((await viewer.page.request.delete("/api/v1/my-notifications", { headers: writeHeaders() })).status()).toBe(204);

  // The viewer has a Settings tab too; it leads to their own notifications, the only tab they get.
  const page = viewer.page;
  await open(page, `/project/${project.guid}`);
  await expect(page.getByTestId("my-role")).toHaveText(await t(page.request, "en", "projects:roles.viewer"));
  await page.getByRole("link", { name: await t(page.request, "en", "projects:nav.settings"), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/project/${project.guid}/settings/notifications$`));
  await expect(page.getByTestId("settings-tabs").getByRole("link")).toHaveText([await t(page.request, "en", "projects:settings.tabs.notifications")]);
  await expect(page.getByTestId("notifications-always")).toHaveText(await t(page.request, "en", "projects:notificationSettings.always"));
  await hydrated(page);

  // Switch off "Access changed" in the app; it is saved at once and survives a reload.
  const accessChanged = await t(page.request, "en", "projects:notificationSettings.kinds.access_changed.label");
  const inApp = page.getByRole("switch", { name: await message(page, "projects:notificationSettings.toggle.in_app", { name: accessChanged }), exact: true });
  const byMail = page.getByRole("switch", { name: await message(page, "projects:notificationSettings.toggle.email", { name: accessChanged }), exact: true });
  await expect(inApp).toHaveAttribute("aria-checked", "true");
  await expect(byMail).toHaveAttribute("aria-checked", "false");
  const saved = page.waitForResponse((r) => r.url().endsWith(`/project/${project.guid}/notifications`) && r.request().method() === "PUT");
  await inApp.click();
  expect((await saved).status()).toBe(200);
  await expect(inApp).toHaveAttribute("aria-checked", "false");
  await expect(page.getByTestId("notifications-save-state")).toHaveAttribute("data-state", "saved");
  await page.reload();
  await hydrated(page);
  await expect(inApp).toHaveAttribute("aria-checked", "false");
  await expect(byMail).toHaveAttribute("aria-checked", "false");
  const prefs = (await (await page.request.get(`/api/v1/project/${project.guid}/notifications`)).json()) as { in_app: string[] };
  expect(prefs.in_app).not.toContain("access_changed");
  expect(prefs.in_app).toContain("assigned");
  await page.screenshot({ path: `${test.info().project.outputDir}/screens/notification-settings-viewer-light.png`, fullPage: true, animations: "disabled" });

  // The owner makes the viewer a member. The open page follows live, but no notification comes.
  const accessGuid = await accessOf(owner.page, project.guid, viewer.email);
  const changed = await owner.page.request.put(`/api/v1/project/${project.guid}/access/${accessGuid}`, { data: { root: false, write: true, read: true }, headers: writeHeaders() });
  expect(changed.status(), await changed.text()).toBe(200);
  await expect(page.getByTestId("my-role")).toHaveText(await t(page.request, "en", "projects:roles.member"));
  await expect(page.getByTestId("notifications-count")).toHaveCount(0);
  const stored = (await (await page.request.get("/api/v1/my-notifications")).json()) as { kind: string }[];
  expect(stored.map((n) => n.kind)).not.toContain("access_changed");

  // A root-only tab shows them the no-access screen, and the tabs still offer only their own.
  await open(page, `/project/${project.guid}/settings/team`);
  await expect(page.getByTestId("no-access")).toBeVisible();
  await expect(page.getByTestId("team-list")).toHaveCount(0);
  await expect(page.getByTestId("no-access").getByRole("link")).toHaveAttribute("href", `/project/${project.guid}/settings/notifications`);
  await expect(page.getByTestId("settings-tabs").getByRole("link")).toHaveCount(1);
  await page.screenshot({ path: `${test.info().project.outputDir}/screens/settings-no-access-light.png`, fullPage: true, animations: "disabled" });
  for (const tab of ["project", "fields", "workflow", "views"]) {
    await open(page, `/project/${project.guid}/settings/${tab}`);
    await expect(page.getByTestId("no-access")).toBeVisible();
  }
  await expect(page.getByTestId("notifications-count")).toHaveCount(0);

  // A removal cannot be muted: it does arrive, and it is the only notification there is.
  await page.getByTestId("notifications-bell").click();
  await expect(page.getByTestId("notification-item")).toHaveCount(0);
  const removed = await owner.page.request.delete(`/api/v1/project/${project.guid}/access/${accessGuid}`, { headers: writeHeaders() });
  expect(removed.status(), await removed.text()).toBe(204);
  await expect(page.getByTestId("notifications-count")).toHaveText("1");
  await expect(page.getByTestId("notification-item")).toHaveCount(1);
  await expect(page.getByTestId("notification-item")).toContainText(await message(page, "projects:notifications.kinds.removed", { project: project.name }));

  expect(viewer.errors, "uncaught errors in the viewer's page").toEqual([]);
  for (const p of [owner, viewer]) await p.context.close();
});

test("an owner keeps the defaults until they change them, and their changes are theirs alone", async ({ browser }) => {
  const owner = await person(browser, "Otto Owner");
  const member = await person(browser, "Mia Member");
  const project = await projectWith(owner.page, member.page, member.email, "member");

  // The owner sees every settings tab, notifications last.
  const page = owner.page;
  await open(page, `/project/${project.guid}/settings/notifications`);
  const tabs = await Promise.all(["project", "team", "fields", "workflow", "views", "jira", "donations", "notifications"].map((k) => t(page.request, "en", `projects:settings.tabs.${k}`)));
  await expect(page.getByTestId("settings-tabs").getByRole("link")).toHaveText(tabs);
  const rows = page.getByTestId("notification-kind");
  await expect(rows).toHaveCount(4);
  // The defaults: everything in the app, assignments and mentions also by e-mail.
  const states = (testId: string) => rows.getByTestId(testId).evaluateAll((els) => els.map((el) => el.getAttribute("aria-checked")));
  await expect.poll(() => states("notify-in_app")).toEqual(["true", "true", "true", "true"]);
  await expect.poll(() => states("notify-email")).toEqual(["false", "false", "true", "true"]);
  await hydrated(page);

  // Two quick changes both land.
  const accepted = page.locator("[data-testid=notification-kind][data-kind=invite_accepted]");
  await accepted.getByTestId("notify-email").click();
  await accepted.getByTestId("notify-in_app").click();
  await expect(page.getByTestId("notifications-save-state")).toHaveAttribute("data-state", "saved");
  await page.reload();
  await hydrated(page);
  await expect(accepted.getByTestId("notify-email")).toHaveAttribute("aria-checked", "true");
  await expect(accepted.getByTestId("notify-in_app")).toHaveAttribute("aria-checked", "false");

  // The member's settings are untouched by the owner's.
  const theirs = (await (await member.page.request.get(`/api/v1/project/${project.guid}/notifications`)).json()) as { in_app: string[]; email: string[] };
  expect(theirs.in_app).toContain("invite_accepted");
  expect(theirs.email).not.toContain("invite_accepted");

  for (const p of [owner, member]) {
    expect(p.errors, "uncaught errors in the page").toEqual([]);
    await p.context.close();
  }
});

for (const theme of ["light", "dark"] as const) {
  test(`pictures the notification settings in the ${theme} theme`, SCREENS, async ({ browser }) => {
    const owner = await person(browser, "Pia Pictures");
    await owner.page.setViewportSize({ width: 1280, height: 900 });
    await owner.page.addInitScript((value) => localStorage.setItem("theme", value), theme);
    const created = await owner.page.request.post("/api/v1/project", { data: { name: "Pictured project" }, headers: writeHeaders() });
    const project = (await created.json()) as { guid: string };
    await open(owner.page, `/project/${project.guid}/settings/notifications`);
    await expect(owner.page.locator("html")).toHaveAttribute("data-theme", theme);
    await owner.page.locator("[data-testid=notification-kind][data-kind=mentioned]").getByTestId("notify-email").click();
    await expect(owner.page.getByTestId("notifications-save-state")).toHaveAttribute("data-state", "saved");
    await owner.page.screenshot({ path: `${test.info().project.outputDir}/screens/notification-settings-${theme}.png`, fullPage: true, animations: "disabled" });
    await owner.context.close();
  });
}
