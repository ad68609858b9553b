import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { plainTextOf } from "../docs/plain-text";
import { notesTitle, notesUpdate } from "./notes";

describe("meeting notes", () => {
  it("writes the meeting's name, description and every message in order as a text document", () => {
    const update = notesUpdate(
      { name: "Sprint sync", description: "Weekly" },
      [
        { id: "1", timestamp: 0, user: "u1", name: "Ann", text: "Hello" },
        { id: "2", timestamp: 60_000, user: "u2", name: "Bob", text: "Hi <b>all</b>" },
      ],
      (ms) => `t${ms / 60_000}`,
    );
    const doc = new Y.Doc();
    Y.applyUpdate(doc, update);
    expect(plainTextOf(doc, "text").trim().split("\n")).toEqual(["Sprint sync", "Weekly", "t0 Ann: Hello", "t1 Bob: Hi <b>all</b>"]);
  });

  it("keeps titles within the document limit", () => {
    expect(notesTitle("x".repeat(300), "26.11.26")).toHaveLength(200);
  });
});
