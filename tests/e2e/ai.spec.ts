/**
 * The AI helper (issue 13) against a fake OpenAI-compatible provider on loopback, which this
 * spec starts on the port scripts/serve-e2e.mjs points the Worker at: a summary streams into
 * the first browser as a suggestion, is accepted as one edit (one undo) and appears at once in
 * the second browser; a flowchart is validated and drawn by mermaid, and inserted as a diagram
 * block, which becomes a BPMN draft and a drawing in the document tree; a chat answer becomes a
 * task after confirmation. Without a provider the panel
 * explains how to configure one.
 */
import { FAKE_ANSWER, startFakeLlm } from "../fixtures/fake-llm";
import { expect, hydrated, openTextDocument, person, sharedTextDocument, test } from "./fixtures";

const aiPort = Number(process.env.E2E_AI_PORT ?? Number(process.env.E2E_PORT ?? 8799) + 1100);
const writeHeaders = () => ({ Origin: new URL(test.info().project.use.baseURL!).origin });

let fake: Awaited<ReturnType<typeof startFakeLlm>> | undefined;
test.beforeAll(async () => {
  fake = await startFakeLlm(aiPort, { paceMs: 120 });
});
test.afterAll(async () => {
  await fake?.stop();
});

test("a summary streams in as a suggestion, is accepted as one edit and reaches the co-editor; a flowchart is drawn", async ({ browser }) => {
  test.slow();
  const ann = await person(browser, "Ann Author");
  const ben = await person(browser, "Ben Builder");
  const { project, doc } = await sharedTextDocument(ann.page, ben, "AI");
  const a = await openTextDocument(ann.page, project, doc);
  const b = await openTextDocument(ben.page, project, doc);
  await a.click();
  await ann.page.keyboard.type("We launch in May with three teams.");
  await expect(b).toContainText("We launch in May");

  await ann.page.getByTestId("doc-ai-toggle").click();
  await ann.page.getByTestId("ai-action").selectOption("summarise");
  // It streams: part of the answer is shown before the whole is there. The page records what
  // it shows while streaming, so a busy machine cannot make the check miss the short stream.
  await ann.page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { streamedLengths: number[] }).streamedLengths = seen;
    new MutationObserver(() => {
      const box = document.querySelector('[data-testid="ai-suggestion"]');
      const text = document.querySelector('[data-testid="ai-suggestion-text"]');
      if (box?.getAttribute("data-state") === "streaming" && text) seen.push(text.textContent?.length ?? 0);
    }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  await ann.page.getByTestId("ai-ask").click();
  const suggestion = ann.page.getByTestId("ai-suggestion");
  await expect(suggestion).toHaveAttribute("data-state", "ready");
  const streamed = await ann.page.evaluate(() => (window as unknown as { streamedLengths: number[] }).streamedLengths);
  expect(streamed.some((length) => length > 0 && length < FAKE_ANSWER.length)).toBe(true);
  await expect(ann.page.getByTestId("ai-suggestion-text")).toHaveText(FAKE_ANSWER);
  // A suggestion is not in the document yet, for nobody.
  await expect(a).not.toContainText(FAKE_ANSWER);
  await expect(b).not.toContainText(FAKE_ANSWER);

  await ann.page.getByTestId("ai-accept").click();
  await expect(a).toContainText(FAKE_ANSWER);
  await expect(b).toContainText(FAKE_ANSWER);
  await ann.page.screenshot({ path: `${test.info().project.outputDir}/screens/ai-accepted.png`, fullPage: true, animations: "disabled" });
  // One undo takes the whole answer back, for both.
  await ann.page.keyboard.press("Control+z");
  await expect(a).not.toContainText(FAKE_ANSWER);
  await expect(b).not.toContainText(FAKE_ANSWER);
  await expect(a).toContainText("We launch in May with three teams.");

  // The diagram helper: a flowchart checked by mermaid, drawn, then inserted as its source.
  await ann.page.getByTestId("ai-action").selectOption("diagram");
  await ann.page.getByTestId("ai-prompt").fill("The launch steps [diagram]");
  await ann.page.getByTestId("ai-ask").click();
  await expect(ann.page.getByTestId("ai-diagram-preview").locator("svg")).toBeVisible({ timeout: 15_000 });
  await ann.page.screenshot({ path: `${test.info().project.outputDir}/screens/ai-diagram.png`, fullPage: true, animations: "disabled" });
  await ann.page.getByTestId("ai-accept").click();
  await expect(b.locator("pre")).toContainText("flowchart TD");
  // In the document it is a diagram block: its source stays editable text, drawn live below.
  await expect(ben.page.getByTestId("doc-diagram").locator("svg")).toBeVisible({ timeout: 15_000 });

  // The project chat answers in the side panel and keeps the conversation.
  await ben.page.getByTestId("ai-chat-toggle").click();
  await ben.page.getByTestId("ai-chat-input").fill("When do we launch?");
  await ben.page.getByTestId("ai-chat-send").click();
  await expect(ben.page.getByTestId("ai-chat-assistant")).toContainText(FAKE_ANSWER);
  // An answer becomes tasks only after the user confirms the list.
  await ben.page.getByTestId("ai-to-tasks").click();
  await expect(ben.page.getByTestId("ai-tasks-confirm")).toContainText(FAKE_ANSWER);
  await ben.page.getByTestId("ai-tasks-create").click();
  await expect(ben.page.getByTestId("ai-tasks-made")).toBeVisible();
  const found = await ben.page.request.get(`/api/v1/project/${project}/issuesearch/data?query=${encodeURIComponent("short summary")}`);
  expect(JSON.stringify(await found.json())).toContain(FAKE_ANSWER.replace(/\.$/, ""));
  await ben.page.screenshot({ path: `${test.info().project.outputDir}/screens/ai-chat.png`, animations: "disabled" });

  // The flowchart becomes a BPMN draft under the document, which opens and bpmn-js draws.
  await ann.page.getByTestId("doc-diagram-to-bpmn").click();
  await expect(ann.page).toHaveURL(new RegExp(`/project/${project}/docs/(?!${doc})[0-9a-f-]{36}$`), { timeout: 15_000 });
  await expect(ann.page.getByTestId("bpmn-editor")).toHaveAttribute("data-phase", "ready", { timeout: 15_000 });
  const canvas = ann.page.getByTestId("bpmn-canvas");
  for (const task of ["Collect requirements", "Build the release"]) await expect(canvas.locator('.djs-element[data-element-id^="Activity_"]', { hasText: task })).toBeVisible();
  await expect(canvas.locator('.djs-element[data-element-id="Gateway_3"]')).toHaveCount(1);
  await expect(canvas.locator('.djs-connection[data-element-id^="Flow_"]')).toHaveCount(5);
  await ann.page.screenshot({ path: `${test.info().project.outputDir}/screens/ai-diagram-bpmn.png`, animations: "disabled" });
  // The drawing, too: five shapes, five arrows and seven labels.
  await ann.page.goBack();
  await ann.page.getByTestId("doc-diagram-to-drawing").click();
  await expect(ann.page.getByTestId("drawing-canvas")).toHaveAttribute("data-elements", "17", { timeout: 15_000 });
  await ann.page.screenshot({ path: `${test.info().project.outputDir}/screens/ai-diagram-drawing.png`, animations: "disabled" });

  await ann.context.close();
  await ben.context.close();
});

test("without a configured provider the helper explains how to configure one instead of answering", async ({ browser }) => {
  const ann = await person(browser, "Ann Alone");
  const created = await ann.page.request.post("/api/v1/project", { data: { name: `No AI ${Date.now().toString(36)}` }, headers: writeHeaders() });
  const project = ((await created.json()) as { guid: string }).guid;
  // This e2e server has a provider; the status call answers as a Worker without AI_* would
  // (tests/integration/ai.test.ts holds the server side of "not configured").
  await ann.page.route(`**/api/v1/project/${project}/ai`, (route) => route.fulfill({ json: { configured: false, hourly_limit: 60 } }));
  await ann.page.goto(`/project/${project}`);
  await hydrated(ann.page);
  await ann.page.getByTestId("ai-chat-toggle").click();
  const notice = ann.page.getByTestId("ai-chat").getByTestId("ai-not-configured");
  await expect(notice).toContainText("AI_BASE_URL");
  await expect(ann.page.getByTestId("ai-chat-input")).toHaveCount(0);
  await ann.page.screenshot({ path: `${test.info().project.outputDir}/screens/ai-not-configured.png`, animations: "disabled" });
  await ann.context.close();
});
