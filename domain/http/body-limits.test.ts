import { describe, expect, it } from "vitest";
import { AVATAR_MAX_BYTES } from "../auth/schemas";
import { FILE_MAX_BYTES } from "../files";
import { IMPORT_MAX_BYTES, JSON_BODY_MAX_BYTES, maxBodyBytes, MULTIPART_ENVELOPE_BYTES } from "./body-limits";

describe("maxBodyBytes", () => {
  it.each(["/api/v1/auth", "/api/v1/project/p/issue", "/api/v1/project/p/entity-file/x", "/api/v1/changingme/x"])(
    "allows %s one mebibyte of JSON",
    (path) => {
      expect(maxBodyBytes(path)).toBe(JSON_BODY_MAX_BYTES);
    },
  );

  it("allows a task attachment or a document image its file limit plus the multipart envelope", () => {
    expect(maxBodyBytes("/api/v1/project/p/entity-file")).toBe(FILE_MAX_BYTES + MULTIPART_ENVELOPE_BYTES);
    expect(maxBodyBytes("/api/v1/project/p/docs/d/images")).toBe(FILE_MAX_BYTES + MULTIPART_ENVELOPE_BYTES);
  });

  it("allows a Markdown import its own limit", () => {
    expect(maxBodyBytes("/api/v1/project/p/docs/d/import")).toBe(IMPORT_MAX_BYTES);
  });

  it("allows a profile change room for an avatar", () => {
    expect(maxBodyBytes("/api/v1/changingme")).toBe(AVATAR_MAX_BYTES + MULTIPART_ENVELOPE_BYTES);
  });

  it("never lets a path segment stand in for another", () => {
    expect(maxBodyBytes("/api/v1/project/p/x/entity-file")).toBe(JSON_BODY_MAX_BYTES);
    expect(maxBodyBytes("/api/v1/project/p/docs/d/e/images")).toBe(JSON_BODY_MAX_BYTES);
  });
});
