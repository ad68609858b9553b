import { describe, expect, it } from "vitest";
import { importJql, nextSyncAt, updatedSinceClause } from "./resync";

const at = Date.UTC(2026, 10, 26, 3, 45);

describe("Jira re-sync rules", () => {
  it("is next due an hour or a day after it was set or started", () => {
    expect(nextSyncAt("hourly", at) - at).toBe(3_600_000);
    expect(nextSyncAt("daily", at) - at).toBe(86_400_000);
  });

  it("asks for issues updated since a day before the last run started, in JQL's date format", () => {
    expect(updatedSinceClause(at)).toBe('updated >= "2026-11-25 03:45"');
  });

  it("keeps the first run's JQL and adds the filter and the change clause when given", () => {
    expect(importJql(["ALPHA", "BETA"])).toBe('project in ("ALPHA", "BETA") ORDER BY id');
    expect(importJql(["ALPHA"], " type = Bug ")).toBe('project in ("ALPHA") AND (type = Bug) ORDER BY id');
    expect(importJql(["ALPHA"], "", at)).toBe('project in ("ALPHA") AND updated >= "2026-11-25 03:45" ORDER BY id');
  });
});
