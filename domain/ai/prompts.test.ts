import { describe, expect, it } from "vitest";
import { chatMessages, citationsOf, diagramMessages, docAiBody, documentMessages, extractMermaid, looksLikeMermaid } from "./prompts";

const base = { run: "00000000-0000-4000-8000-000000000000", title: "Plan", text: "Ship it." };

describe("document prompts", () => {
  it("asks for a translation into the chosen language and for the text only", () => {
    const req = docAiBody.parse({ ...base, action: "translate", language: "de" });
    const [system, user] = documentMessages(req);
    expect(system!.content).toMatch(/resulting text only/);
    expect(user!.content).toContain("Ship it.");
    expect(user!.content).toContain("into German");
  });

  it("works on the title when the target is the title", () => {
    const req = docAiBody.parse({ ...base, action: "shorten", target: "title" });
    expect(documentMessages(req)[1]!.content).toMatch(/Title:\n"""\nPlan/);
  });

  it("refuses a free prompt without a prompt and a translation without a language", () => {
    expect(docAiBody.safeParse({ ...base, action: "prompt" }).error?.issues[0]?.message).toBe("ai_prompt_required");
    expect(docAiBody.safeParse({ ...base, action: "translate" }).error?.issues[0]?.message).toBe("ai_language_required");
  });
});

describe("diagram answers", () => {
  it("takes the Mermaid out of a fenced block", () => {
    expect(extractMermaid("Here:\n```mermaid\nflowchart TD\n A-->B\n```\nDone")).toBe("flowchart TD\n A-->B");
  });

  it("tells Mermaid from prose by its first keyword", () => {
    expect(looksLikeMermaid("flowchart LR\n A-->B")).toBe(true);
    expect(looksLikeMermaid("%% a comment\nsequenceDiagram\n A->>B: hi")).toBe(true);
    expect(looksLikeMermaid("Sure! Here is your diagram")).toBe(false);
  });

  it("feeds the parser's error back with the rejected answer on the retry", () => {
    const m = diagramMessages("flow", { answer: "bad", error: "Parse error" });
    expect(m.map((x) => x.role)).toEqual(["system", "user", "assistant", "user"]);
    expect(m[3]!.content).toContain("Parse error");
  });
});

describe("chat prompts", () => {
  it("tags every context item for citation and keeps within the budget", () => {
    const guid = "11111111-1111-4111-8111-111111111111";
    const items = Array.from({ length: 500 }, (_, i) => ({ kind: "task" as const, guid, label: `#${i}`, text: "x".repeat(100) }));
    const system = chatMessages("P", items, [], "q")[0]!.content;
    expect(system).toContain(`[task:${guid}] #0`);
    expect(system.length).toBeLessThan(17_500);
  });

  it("lists each cited task or document once", () => {
    const a = "11111111-1111-4111-8111-111111111111";
    expect(citationsOf(`See [task:${a}] and [task:${a}] and [document:${a}]`)).toEqual([
      { kind: "task", guid: a },
      { kind: "document", guid: a },
    ]);
  });
});

describe("tasks from a chat answer", () => {
  it("proposes one task per list item, without citations, emphasis or repeats", async () => {
    const { taskTitlesFrom } = await import("./prompts");
    const g = "11111111-1111-4111-8111-111111111111";
    expect(taskTitlesFrom(`Next steps:\n- **Write** the release notes [document:${g}]\n2. Fix the login bug\n- write the release notes\n\nThat is all.`)).toEqual([
      "Write the release notes",
      "Fix the login bug",
    ]);
  });

  it("takes a one-line answer as one task and proposes nothing from prose paragraphs", async () => {
    const { taskTitlesFrom } = await import("./prompts");
    expect(taskTitlesFrom("Book the venue")).toEqual(["Book the venue"]);
    expect(taskTitlesFrom("First line.\nSecond line.")).toEqual([]);
  });
});
