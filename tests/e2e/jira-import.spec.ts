/**
 * Import from Jira (issue 14), against the fake Jira Cloud that scripts/serve-e2e.mjs starts:
 * connect through its authorise page, choose a project, watch the progress bar, set an hourly
 * re-sync and invite the unmatched Jira people (one chosen before the start), open the imported
 * planning board and a task, then find the import listed and import into a new project.
 */
import { expect, hydrated, open, person, test } from "./fixtures";

test("a project's owner connects Jira, imports a project with a live progress bar and opens the board", async ({ browser }) => {
  test.slow();
  const owner = await person(browser, "Jira Owner");
  const { page } = owner;
  const created = await page.request.post("/api/v1/project", { data: { name: "Imported" }, headers: { Origin: new URL(test.info().project.use.baseURL!).origin } });
  const project = (await created.json()) as { guid: string };

  await open(page, `/project/${project.guid}/settings/jira`);
  await page.screenshot({ path: "test-results/jira-1-connect.png", fullPage: true });
  await page.getByTestId("jira-connect-button").click();
  // Atlassian's consent page (the fake's), then back through /jira-callback to this screen.
  await page.getByRole("link", { name: "Accept" }).click();
  await expect(page).toHaveURL(new RegExp(`/project/${project.guid}/settings/jira$`));
  await hydrated(page);
  await expect(page.getByTestId("jira-project-ALPHA")).toBeVisible();
  expect(await page.evaluate(() => ["jira_token", "jira_refresh_token", "jira_token_expires_in", "jira_cloudID"].map((k) => Boolean(localStorage.getItem(k))))).toEqual([true, true, true, true]);
  await page.getByTestId("jira-project-ALPHA").check();
  // Chosen before the start: Cyd is invited as the import starts, Ada and Bob stay text for now.
  await page.getByTestId("jira-person-acc-cyd").selectOption("invite");
  await page.getByText("How fields will map").click();
  await page.screenshot({ path: "test-results/jira-2-choose.png", fullPage: true });
  await page.getByTestId("jira-start").click();

  const bar = page.getByRole("progressbar");
  await expect(bar).toBeVisible();
  await page.screenshot({ path: "test-results/jira-3-progress.png", fullPage: true });
  await expect(bar).toHaveAttribute("aria-valuenow", "100", { timeout: 60_000 });
  await expect(page.getByTestId("jira-count-issues")).toHaveText("150");
  await page.getByText(/could not be mapped/).click();
  await page.screenshot({ path: "test-results/jira-4-report.png", fullPage: true });
  // Keep syncing every hour; invite the Jira people who have no account here in one click.
  await page.getByTestId("jira-sync-every").selectOption("hourly");
  await expect(page.getByTestId("jira-sync-next")).toBeVisible();
  await expect(page.getByTestId("jira-people")).toContainText("cyd@jira.example");
  await expect(page.getByTestId("jira-invite-people")).toHaveText("Invite 2 people");
  await page.getByTestId("jira-invite-people").click();
  await expect(page.getByTestId("jira-invite-people")).toHaveCount(0);
  await expect(page.getByTestId("jira-people")).toContainText("invited");
  await page.screenshot({ path: "test-results/jira-4b-sync.png", fullPage: true });

  await page.getByTestId("jira-open-board").click();
  await expect(page.getByText("Epic ALPHA-1: Search work").first()).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("ALPHA Sprint 2").first()).toBeVisible();
  await page.screenshot({ path: "test-results/jira-5-board.png", fullPage: true });

  // An imported task (ALPHA-34: two comments and a picture in Jira) opens with its comments and
  // its attachment, copied to R2.
  const found = await page.request.get(`/api/v1/project/${project.guid}/issuesearch/data?query=${encodeURIComponent("ALPHA 34")}&limit=50`);
  const hit = ((await found.json()) as { results: { guid: string; title: string }[] }).results.find((r) => r.title.includes("ALPHA-34:"));
  expect(hit, "ALPHA-34 is found by search").toBeTruthy();
  await open(page, `/project/${project.guid}/issue/${hit!.guid}`);
  await expect(page.getByTestId("comment-text").first()).toContainText("Comment 1 on ALPHA-34");
  await expect(page.getByTestId("attachments")).toContainText("screen-34.png");

  // Back on the settings screen, a fresh page load: the past import is listed by the server.
  await open(page, `/project/${project.guid}/settings/jira`);
  await expect(page.getByTestId("jira-import-row")).toHaveCount(1);
  await expect(page.getByTestId("jira-import-row")).toContainText("Finished");
  await expect(page.getByTestId("jira-import-row")).toContainText("Jira Owner");
  // Two BETA issues into a new project made from the same screen.
  await page.getByTestId("jira-project-BETA").check();
  await page.getByTestId("jira-target-new").check();
  await page.getByTestId("jira-target-name").fill("Beta from Jira");
  await page.getByPlaceholder('status != "Done"').fill("key in (BETA-1, BETA-2)");
  await page.screenshot({ path: "test-results/jira-6-new-project.png", fullPage: true });
  await page.getByTestId("jira-start").click();
  await expect(page).not.toHaveURL(new RegExp(`/project/${project.guid}/`));
  await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100", { timeout: 30_000 });
  await expect(page.getByTestId("jira-count-issues")).toHaveText("2");
  await expect(page.getByTestId("jira-import-row")).toHaveCount(1);
  await page.screenshot({ path: "test-results/jira-7-list.png", fullPage: true });
  expect(owner.errors).toEqual([]);
});
