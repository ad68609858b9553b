import { describe, expect, it } from "vitest";
import { AVATAR_MAX_BYTES } from "../auth/schemas";
import { FILE_MAX_BYTES } from "../files";
import { bodyLimitOf, IMPORT_MAX_BYTES, JSON_BODY_MAX_BYTES, MULTIPART_ENVELOPE_BYTES } from "./body-limits";

describe("bodyLimitOf", () => {
  it.each(["/api/v1/auth", "/api/v1/project/p/issue", "/api/v1/project/p/entity-file/x", "/api/v1/changingme/x"])(
    "allows %s one mebibyte of JSON",
    (path) => {
      expect(bodyLimitOf(path)).toEqual({ maxBytes: JSON_BODY_MAX_BYTES, code: "body_too_large" });
    },
  );

  it("allows a task attachment or a document image its file limit plus the multipart envelope", () => {
    const file = { maxBytes: FILE_MAX_BYTES + MULTIPART_ENVELOPE_BYTES, code: "file_too_large" };
    expect(bodyLimitOf("/api/v1/project/p/entity-file")).toEqual(file);
    expect(bodyLimitOf("/api/v1/project/p/docs/d/images")).toEqual(file);
  });

  it("allows a Markdown import its own limit", () => {
    expect(bodyLimitOf("/api/v1/project/p/docs/d/import")).toEqual({ maxBytes: IMPORT_MAX_BYTES, code: "import_too_large" });
  });

  it("allows a profile change room for an avatar", () => {
    expect(bodyLimitOf("/api/v1/changingme")).toEqual({ maxBytes: AVATAR_MAX_BYTES + MULTIPART_ENVELOPE_BYTES, code: "avatar_too_large" });
  });

  it("never lets a path segment stand in for another", () => {
    expect(bodyLimitOf("/api/v1/project/p/x/entity-file").maxBytes).toBe(JSON_BODY_MAX_BYTES);
    expect(bodyLimitOf("/api/v1/project/p/docs/d/e/images").maxBytes).toBe(JSON_BODY_MAX_BYTES);
  });
});
