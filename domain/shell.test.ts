import { describe, expect, it } from "vitest";
import { migrateStoredPage, rewriteLegacyPath, safeNext, sitePath, skipsSessionCheck, toTheme, tooltipVariant } from "./shell";

describe("rewriteLegacyPath", () => {
  it("rewrites a project's planning page to its taskboard", () => {
    expect(rewriteLegacyPath("/project/a/planning")).toBe("/project/a/taskboard");
  });

  it("keeps what follows the planning segment", () => {
    expect(rewriteLegacyPath("/project/a/planning/b")).toBe("/project/a/taskboard/b");
  });

  it("rewrites a bare /planning", () => {
    expect(rewriteLegacyPath("/planning")).toBe("/taskboard");
  });

  it("leaves a segment that only starts with planning alone", () => {
    expect(rewriteLegacyPath("/planningx")).toBeUndefined();
    expect(rewriteLegacyPath("/project/a/planning-poker")).toBeUndefined();
  });

  it("leaves the root alone", () => {
    expect(rewriteLegacyPath("/")).toBeUndefined();
  });

  it("leaves a path already on the taskboard alone", () => {
    expect(rewriteLegacyPath("/project/a/taskboard/b")).toBeUndefined();
  });

  it.each(["//evil.example/planning", "/\\evil.example/planning", "///evil.example/planning", "/\t/evil.example/planning"])(
    "keeps the rewrite of %j on this site",
    (path) => {
      expect(rewriteLegacyPath(path)).toBe("/evil.example/taskboard");
    },
  );
});

describe("sitePath", () => {
  it("keeps an ordinary path as it is", () => {
    expect(sitePath("/project/a/taskboard?x=1")).toBe("/project/a/taskboard?x=1");
  });

  it.each(["//evil.example", "\\\\evil.example", "/\\evil.example", "\\/evil.example", "evil.example", "/\n/evil.example"])(
    "turns %j into a path of this site",
    (path) => {
      expect(sitePath(path)).toBe("/evil.example");
    },
  );

  it("resolves against any origin to that origin", () => {
    for (const path of ["//evil.example/x", "/\\evil.example/x", "/%2F%2Fevil.example/x", "/\t/evil.example"]) {
      expect(new URL(sitePath(path), "https://plan.example").origin).toBe("https://plan.example");
    }
  });
});

describe("migrateStoredPage", () => {
  it("turns the legacy value planning into taskboard", () => {
    expect(migrateStoredPage("planning")).toBe("taskboard");
  });

  it("keeps any other value, and null, as it is", () => {
    expect(migrateStoredPage("retro")).toBe("retro");
    expect(migrateStoredPage("/project/a/planning")).toBe("/project/a/planning");
    expect(migrateStoredPage(null)).toBeNull();
  });
});

describe("skipsSessionCheck", () => {
  it("skips the session check on the auth callback page", () => {
    expect(skipsSessionCheck("/auth-callback")).toBe(true);
    expect(skipsSessionCheck("/en/auth-callback")).toBe(true);
  });

  it("checks the session everywhere else", () => {
    expect(skipsSessionCheck("/")).toBe(false);
    expect(skipsSessionCheck("/project/a/taskboard")).toBe(false);
  });
});

describe("tooltipVariant", () => {
  it("draws the tooltip in the scheme opposite to the theme", () => {
    expect(tooltipVariant("light")).toBe("dark");
    expect(tooltipVariant("dark")).toBe("light");
  });
});

describe("toTheme", () => {
  it("reads dark as dark", () => {
    expect(toTheme("dark")).toBe("dark");
  });

  it.each(["light", "Dark", "", null, undefined, 1])("reads %j as light", (value) => {
    expect(toTheme(value)).toBe("light");
  });
});

describe("safeNext", () => {
  it("accepts a same-site path", () => {
    expect(safeNext("/project/x")).toBe("/project/x");
    expect(safeNext("/project/x/taskboard?tab=1#card")).toBe("/project/x/taskboard?tab=1#card");
  });

  it("falls back to /project when there is no destination", () => {
    expect(safeNext(null)).toBe("/project");
    expect(safeNext(undefined)).toBe("/project");
    expect(safeNext("")).toBe("/project");
  });

  it("uses the given fallback", () => {
    expect(safeNext("https://evil.com", "/")).toBe("/");
  });

  it.each([
    ["a protocol-relative URL", "//evil.com"],
    ["an absolute URL", "https://evil.com"],
    ["a backslash that browsers read as a slash", "/\\evil"],
    ["a javascript: URL", "javascript:alert(1)"],
    ["a relative path", "project/x"],
    ["a tab that browsers strip to leave //", "/\t/evil.com"],
    ["a newline that browsers strip to leave /\\", "/\n\\evil.com"],
  ])("rejects %s", (_kind, next) => {
    expect(safeNext(next)).toBe("/project");
  });
});
