/**
 * The live team journey of the projects issue, with three people in three browsers at once:
 * invitations, acceptance, access changes, a removal undone and withdrawals all arrive without
 * a reload.
 */
import { type Page, expect, test } from "@playwright/test";
import { hydrated, open, person, uniqueEmail } from "./fixtures";

async function bellCount(page: Page) {
  return page.getByTestId("notifications-count");
}

test("a team forms live: invite, accept, change access, remove and undo, withdraw", async ({ browser }) => {
  // Three browsers live at once: under a loaded machine this journey nears the 30 s default.
  test.slow();
  const a = await person(browser, "Alice Owner");
  const b = await person(browser, "Bob Member");
  const c = await person(browser, "Carol Pending");

  // A creates a project from the project list.
  await open(a.page, "/project");
  const projectName = `Live team ${Date.now().toString(36)}`;
  await a.page.getByTestId("new-project").locator("input").first().fill(projectName);
  await a.page.getByTestId("new-project").getByRole("button").click();
  await expect(a.page.getByTestId("project-name")).toHaveText(projectName);
  const projectUrl = a.page.url();

  // B and C sit on their project lists with nothing pending.
  await open(b.page, "/project");
  await open(c.page, "/project");
  await expect(b.page.getByTestId("notifications-count")).toHaveCount(0);

  // A invites B as a member and C as a viewer.
  await open(a.page, `${new URL(projectUrl).pathname}/settings/team`);
  await a.page.getByTestId("invite-emails").fill(b.email);
  await a.page.getByTestId("invite-submit").click();
  await expect(a.page.locator(`[data-testid=pending-invite][data-email="${b.email}"]`)).toBeVisible();
  await a.page.getByTestId("invite-emails").fill(c.email);
  await a.page.getByTestId("invite-role").selectOption("viewer");
  await a.page.getByTestId("invite-submit").click();
  await expect(a.page.locator(`[data-testid=pending-invite][data-email="${c.email}"]`)).toBeVisible();

  // B sees the invitation appear without reloading, and accepts it.
  await expect(await bellCount(b.page)).toHaveText(/[1-9]/);
  await b.page.getByTestId("notifications-bell").click();
  const invite = b.page.getByTestId("invite-item").filter({ hasText: projectName });
  await expect(invite).toBeVisible();
  await invite.getByRole("button").first().click();
  await expect(b.page.getByTestId("project-name")).toHaveText(projectName);
  await hydrated(b.page);
  const memberRole = await b.page.getByTestId("my-role").textContent();

  // A sees B in the team without reloading.
  await expect(a.page.locator(`[data-testid=team-member][data-email="${b.email}"]`)).toBeVisible();
  await expect(a.page.locator(`[data-testid=pending-invite][data-email="${b.email}"]`)).toHaveCount(0);

  // A makes B a viewer; B's open project page follows live.
  await a.page.locator(`[data-testid=team-member][data-email="${b.email}"]`).getByRole("combobox").selectOption("viewer");
  await expect(b.page.getByTestId("my-role")).not.toHaveText(memberRole ?? "");
  await expect(b.page.getByTestId("my-rights")).toBeVisible();

  // A removes B without a confirm dialog: the row leaves at once and B's page loses the project;
  // Undo brings B back for both, and the row survives a reload.
  const bRow = a.page.locator(`[data-testid=team-member][data-email="${b.email}"]`);
  await bRow.getByTestId("remove-member").click();
  await expect(bRow).toHaveCount(0);
  const undo = a.page.getByTestId("undo-toast");
  await expect(undo).toContainText("Bob Member was removed");
  await expect(b.page.getByTestId("no-access")).toBeVisible();
  await undo.getByTestId("undo-button").click();
  await expect(bRow).toBeVisible();
  await expect(b.page.getByTestId("project-name")).toHaveText(projectName);
  await a.page.reload();
  await hydrated(a.page);
  await expect(bRow.getByRole("combobox")).toHaveValue("viewer");

  // C has the invitation; A withdraws it and it disappears from C's list live.
  await c.page.getByTestId("notifications-bell").click();
  await expect(c.page.getByTestId("invite-item").filter({ hasText: projectName })).toBeVisible();
  await a.page.locator(`[data-testid=pending-invite][data-email="${c.email}"]`).getByRole("button").click();
  await expect(c.page.getByTestId("invite-item").filter({ hasText: projectName })).toHaveCount(0);

  // A project C was never let into shows the no-access screen.
  await c.page.goto(projectUrl);
  await expect(c.page.getByTestId("no-access")).toBeVisible();

  for (const p of [a, b, c]) await p.context.close();
});

test("someone without an account joins from the mailed invitation link", async ({ browser }) => {
  const a = await person(browser, "Olga Owner");
  await open(a.page, "/project");
  const projectName = `Link join ${Date.now().toString(36)}`;
  await a.page.getByTestId("new-project").locator("input").first().fill(projectName);
  await a.page.getByTestId("new-project").getByRole("button").click();
  await expect(a.page.getByTestId("project-name")).toHaveText(projectName);
  await open(a.page, `${new URL(a.page.url()).pathname}/settings/team`);
  const newcomer = uniqueEmail("newcomer");
  await a.page.getByTestId("invite-emails").fill(newcomer);
  await a.page.getByTestId("invite-submit").click();
  await expect(a.page.locator(`[data-testid=pending-invite][data-email="${newcomer}"]`)).toBeVisible();

  const mails = await (await a.page.request.get(`/api/dev/mails?to=${encodeURIComponent(newcomer)}`)).json();
  const link = (mails[0].text as string).match(/\/invite\/[A-Za-z0-9_-]+/)![0];

  const guest = await browser.newContext({ extraHTTPHeaders: { "CF-Connecting-IP": `10.78.${test.info().workerIndex}.1` } });
  const page = await guest.newPage();
  await open(page, link);
  await page.locator('input[name="name"]').fill("Nina Newcomer");
  await page.locator('input[name="newpass"]').fill("nina-password-1");
  await page.locator('input[name="repeatnewpass"]').fill("nina-password-1");
  await page.locator('form button[type="submit"]').click();
  await expect(page.getByTestId("project-name")).toHaveText(projectName);
  await expect(a.page.locator(`[data-testid=team-member][data-email="${newcomer}"]`)).toBeVisible();
  await guest.close();
  await a.context.close();
});
