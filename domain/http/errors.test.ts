import { describe, expect, it } from "vitest";
import { type ApiErrorKind, classifyError, flattenStrings } from "./errors";

describe("flattenStrings", () => {
  it("returns a bare string as it is", () => {
    expect(flattenStrings("Not found")).toBe("Not found");
  });

  it("returns an empty string for bodies without strings", () => {
    expect(flattenStrings(undefined)).toBe("");
    expect(flattenStrings(null)).toBe("");
    expect(flattenStrings({})).toBe("");
    expect(flattenStrings([])).toBe("");
  });

  it("joins every string of nested objects and arrays in order", () => {
    const body = {
      detail: "Invalid input.",
      errors: { email: ["Enter a valid e-mail.", "Already taken."], name: { first: "Required." } },
      hints: [["deep"], "last"],
    };
    expect(flattenStrings(body)).toBe("Invalid input. Enter a valid e-mail. Already taken. Required. deep last");
  });

  it("says each text once and leaves out a problem body's machine code", () => {
    const problem = { detail: "The workflow does not allow this move.", code: "transition_forbidden", fields: { status: "The workflow does not allow this move." } };
    expect(flattenStrings(problem)).toBe("The workflow does not allow this move.");
    // A body that is not one of ours keeps a `code` string.
    expect(flattenStrings({ code: "E42", message: "Busy." })).toBe("E42 Busy.");
  });

  it("skips numbers, booleans and nulls", () => {
    expect(flattenStrings({ code: 42, ok: false, detail: "Slow down.", retry: null, items: [1, "two", 3] })).toBe(
      "Slow down. two",
    );
  });
});

describe("classifyError", () => {
  it("signs the user out on 401", () => {
    expect(classifyError({ status: 401, statusText: "Unauthorized", data: { detail: "Expired." } })).toEqual({
      kind: "signOut",
    });
  });

  it.each([
    [400, "Bad Request"],
    [403, "Forbidden"],
    [404, "Not Found"],
    [429, "Too Many Requests"],
  ])("shows %i with its status text and the flattened body", (status, statusText) => {
    const data = { detail: "Something is off.", errors: { field: ["Check it."] }, code: 7 };
    expect(classifyError({ status, statusText, data })).toEqual({
      kind: "show",
      state: { show: true, status, statusText, text: "Something is off. Check it." },
    });
  });

  it("shows an empty text when the body has no strings", () => {
    expect(classifyError({ status: 404, statusText: "Not Found", data: null })).toEqual({
      kind: "show",
      state: { show: true, status: 404, statusText: "Not Found", text: "" },
    });
  });

  it.each([500, 503])("only logs %i", (status) => {
    expect(classifyError({ status, statusText: "Server Error", data: { detail: "Boom." } })).toEqual({ kind: "log" });
  });

  it.each<ApiErrorKind>(["FETCH_ERROR", "TIMEOUT_ERROR", "PARSING_ERROR"])("only logs %s", (status) => {
    expect(classifyError({ status, statusText: "failed" })).toEqual({ kind: "log" });
  });
});
