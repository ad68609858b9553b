/** Changing one's own account: PUT /api/v1/changingme in its JSON forms and as an avatar upload. */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { AVATAR_MAX_BYTES, USER_COLORS } from "../../domain/auth/schemas";
import { call, fetchRaw } from "../fixtures/http";
import { avatarForm, GIF, JPEG, PNG, pngOfSize } from "../fixtures/images";
import { expectProblem, expectReadable400 } from "../fixtures/problems";
import { lastEmailLink } from "../fixtures/mail";
import { DEFAULT_PASSWORD, createUser, signedIn, uniqueEmail, userRow } from "../fixtures/users";

const files = () => (env as unknown as { FILES: R2Bucket }).FILES;
const storedAvatars = async (userId: string) => (await files().list({ prefix: `avatars/${userId}/` })).objects.map((o) => o.key);
const change = (user: { cookie: string }, body: unknown) => call("PUT", "/api/v1/changingme", { cookie: user.cookie, body });
const upload = (user: { cookie: string }, form: FormData) => call("PUT", "/api/v1/changingme", { cookie: user.cookie, form });

describe("PUT /api/v1/changingme with {name, color, avatar}", () => {
  it("saves the name, colour and a preset avatar and answers the new profile", async () => {
    const user = await signedIn();
    const res = await change(user, { name: "  Grace Hopper ", color: "#ef4444", avatar: "fox" });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ guid: user.id, name: "Grace Hopper", color: "#ef4444", avatar: "fox", email: user.email });
    expect(await userRow(user.id)).toMatchObject({ name: "Grace Hopper", color: "#ef4444", avatar: "fox" });
    expect((await call("GET", "/api/v2/whoami", { cookie: user.cookie })).json).toEqual(res.json);
  });

  it("keeps the avatar when it is left out and clears it with null", async () => {
    const user = await signedIn();
    await change(user, { name: "A", color: "#4f46e5", avatar: "owl" });
    expect((await change(user, { name: "B", color: "#4f46e5" })).json.avatar).toBe("owl");
    const cleared = await change(user, { name: "B", color: "#4f46e5", avatar: null });
    expect(cleared.status).toBe(200);
    expect(cleared.json.avatar).toBeNull();
    expect((await userRow(user.id))!.avatar).toBeNull();
  });

  it("accepts every colour of USER_COLORS", async () => {
    const user = await signedIn();
    for (const color of USER_COLORS) {
      const res = await change(user, { name: "Colourful", color });
      expect(res.status, color).toBe(200);
      expect(res.json.color).toBe(color);
    }
  });

  it.each([
    ["a colour outside USER_COLORS", { name: "X", color: "#123456" }, "color_invalid"],
    ["a colour name", { name: "X", color: "red" }, "color_invalid"],
    ["an avatar that is not a preset", { name: "X", color: "#4f46e5", avatar: "dragon" }, "avatar_invalid"],
    ["an avatar that is a URL", { name: "X", color: "#4f46e5", avatar: "https://evil.example/a.png" }, "avatar_invalid"],
    ["an empty name", { name: "   ", color: "#4f46e5" }, "name_required"],
    ["a name over 80 characters", { name: "n".repeat(81), color: "#4f46e5" }, "name_too_long"],
  ] as const)("refuses %s and leaves the profile unchanged", async (_, body, code) => {
    const user = await signedIn();
    const before = await userRow(user.id);
    expectProblem(await change(user, body), 400, code);
    expect(await userRow(user.id)).toEqual(before);
  });
});

describe("PUT /api/v1/changingme with {tab}", () => {
  it("remembers the tab the user had open", async () => {
    const user = await signedIn();
    const res = await change(user, { tab: "roadmap" });
    expect(res.status).toBe(200);
    expect(res.json.tab).toBe("roadmap");
    expect((await userRow(user.id))!.tab).toBe("roadmap");
  });

  it.each([
    ["an empty tab", { tab: "  " }],
    ["a tab over 200 characters", { tab: "t".repeat(201) }],
    ["a tab that is not a string", { tab: 7 }],
  ])("refuses %s and leaves the profile unchanged", async (_, body) => {
    const user = await signedIn();
    const before = await userRow(user.id);
    expectProblem(await change(user, body), 400, "tab_invalid");
    expect(await userRow(user.id)).toEqual(before);
  });
});

describe("PUT /api/v1/changingme with {name, email}", () => {
  it("changes the name at once and a lower-cased e-mail only when the link mailed to it is followed", async () => {
    const user = await signedIn();
    const email = uniqueEmail("moved");
    const res = await change(user, { name: "Moved", email: ` ${email.toUpperCase()} `, password: DEFAULT_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ name: "Moved", email: user.email, pending_email: email });
    expect(await userRow(user.id)).toMatchObject({ name: "Moved", email: user.email });
    const link = await lastEmailLink(email);
    const confirmed = await call("POST", "/api/v1/changingme/confirm", { cookie: user.cookie, body: { uuid: link!.uuid } });
    expect(confirmed.status).toBe(200);
    expect(await userRow(user.id)).toMatchObject({ name: "Moved", email });
  });

  it("accepts the user's own e-mail without a password", async () => {
    const user = await signedIn();
    const res = await change(user, { name: "Same", email: user.email });
    expect(res.status).toBe(200);
    expect(res.json.email).toBe(user.email);
  });

  it("answers 409 email_taken for another user's e-mail, whatever its case, and changes nothing", async () => {
    const user = await signedIn();
    const other = await createUser();
    const before = await userRow(user.id);
    expectProblem(await change(user, { name: "Thief", email: other.email, password: DEFAULT_PASSWORD }), 409, "email_taken");
    expectProblem(await change(user, { name: "Thief", email: other.email.toUpperCase(), password: DEFAULT_PASSWORD }), 409, "email_taken");
    expect(await userRow(user.id)).toEqual(before);
  });

  it("settles two simultaneous confirmations of one free e-mail with one success and one 409", async () => {
    const [a, b] = await Promise.all([signedIn(), signedIn()]);
    const email = uniqueEmail("contested");
    const uuids: string[] = [];
    for (const u of [a, b]) {
      expect((await change(u, { name: "Racer", email, password: DEFAULT_PASSWORD })).status).toBe(200);
      uuids.push((await lastEmailLink(email))!.uuid);
    }
    const answers = await Promise.all([a, b].map((u, i) => call("POST", "/api/v1/changingme/confirm", { cookie: u.cookie, body: { uuid: uuids[i] } })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expectProblem(answers.find((r) => r.status === 409)!, 409, "email_taken");
  });

  it("refuses an invalid e-mail and leaves the profile unchanged", async () => {
    const user = await signedIn();
    const before = await userRow(user.id);
    expectProblem(await change(user, { name: "X", email: "not-an-email" }), 400, "email_invalid");
    expect(await userRow(user.id)).toEqual(before);
  });
});

describe("PUT /api/v1/changingme with a wrong shape", () => {
  it.each([
    ["an unknown key next to a profile", { name: "X", color: "#4f46e5", admin: true }],
    ["a tab mixed with a name", { tab: "board", name: "X" }],
    ["a colour mixed with an e-mail", { name: "X", color: "#4f46e5", email: "x@example.com" }],
    ["a licence upgrade", { license: { type_license: "pro" } }],
    ["an empty object", {}],
    ["an array", [{ tab: "board" }]],
    ["null", null],
    ["a string", "board"],
  ])("refuses %s with a translated 400 and changes nothing", async (_, body) => {
    const user = await signedIn();
    const before = await userRow(user.id);
    expectReadable400(await change(user, body));
    expect(await userRow(user.id)).toEqual(before);
  });

  it("refuses a body that is not JSON", async () => {
    const user = await signedIn();
    const before = await userRow(user.id);
    expectProblem(await call("PUT", "/api/v1/changingme", { cookie: user.cookie, raw: "{tab: board}" }), 400, "body_invalid_json");
    expect(await userRow(user.id)).toEqual(before);
  });

  it("answers 401 without a session", async () => {
    expectProblem(await call("PUT", "/api/v1/changingme", { body: { tab: "board" } }), 401, "unauthorized");
  });
});

describe("PUT /api/v1/changingme with an avatar upload", () => {
  it("stores the image in R2 and serves it back with its content type", async () => {
    const user = await signedIn();
    const res = await upload(user, avatarForm(PNG));
    expect(res.status, res.text).toBe(200);
    expect(res.json.avatar).toMatch(new RegExp(`^/api/v1/avatar/${user.id}/[0-9a-f-]{36}\\.png$`));
    expect((await userRow(user.id))!.avatar).toBe(res.json.avatar);

    const key = res.json.avatar.replace("/api/v1/avatar/", "avatars/");
    const object = await files().get(key);
    expect(object).not.toBeNull();
    expect(object!.httpMetadata?.contentType).toBe("image/png");
    expect(new Uint8Array(await object!.arrayBuffer())).toEqual(PNG);

    const served = await fetchRaw(res.json.avatar);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/png");
    expect(served.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(served.headers.get("Cache-Control")).toMatch(/immutable/);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
  });

  it("serves a GIF upload back as image/gif", async () => {
    const user = await signedIn();
    const res = await upload(user, avatarForm(GIF, "a.gif", "image/gif"));
    expect(res.json.avatar).toMatch(/\.gif$/);
    const served = await fetchRaw(res.json.avatar);
    expect(served.headers.get("Content-Type")).toBe("image/gif");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(GIF);
  });

  it("names and types the stored image by its bytes, not by the declared name or type", async () => {
    const user = await signedIn();
    const png = await upload(user, avatarForm(PNG, "holiday.gif", "image/gif"));
    expect(png.json.avatar).toMatch(/\.png$/);
    expect((await fetchRaw(png.json.avatar)).headers.get("Content-Type")).toBe("image/png");
    const jpeg = await upload(user, avatarForm(JPEG, "scan.png", "application/octet-stream"));
    expect(jpeg.status).toBe(200);
    expect(jpeg.json.avatar).toMatch(/\.jpg$/);
    expect((await fetchRaw(jpeg.json.avatar)).headers.get("Content-Type")).toBe("image/jpeg");
  });

  it("replaces the previous upload and removes it from R2", async () => {
    const user = await signedIn();
    const first = await upload(user, avatarForm(PNG));
    const second = await upload(user, avatarForm(GIF, "b.gif", "image/gif"));
    expect(second.status).toBe(200);
    expect(second.json.avatar).not.toBe(first.json.avatar);
    expect(await storedAvatars(user.id)).toEqual([second.json.avatar.replace("/api/v1/avatar/", "avatars/")]);
    expectProblem(await call("GET", first.json.avatar), 404, "not_found");
  });

  it("accepts an image of exactly 2 MB", async () => {
    const user = await signedIn();
    const res = await upload(user, avatarForm(pngOfSize(AVATAR_MAX_BYTES)));
    expect(res.status, res.text).toBe(200);
    expect(await storedAvatars(user.id)).toHaveLength(1);
  });

  it("refuses a text file renamed .png with avatar_type and stores nothing", async () => {
    const user = await signedIn();
    const before = await userRow(user.id);
    const res = await upload(user, avatarForm("<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>", "cat.png"));
    expectProblem(res, 400, "avatar_type");
    expect(await storedAvatars(user.id)).toEqual([]);
    expect(await userRow(user.id)).toEqual(before);
  });

  it("refuses an image one byte over 2 MB and stores nothing", async () => {
    const user = await signedIn();
    const before = await userRow(user.id);
    const res = await upload(user, avatarForm(pngOfSize(AVATAR_MAX_BYTES + 1)));
    expect([400, 413]).toContain(res.status);
    expectProblem(res, res.status, "avatar_too_large");
    expect(await storedAvatars(user.id)).toEqual([]);
    expect(await userRow(user.id)).toEqual(before);
  });

  it("refuses a body far over the limit with 413 before reading it", async () => {
    const user = await signedIn();
    const before = await userRow(user.id);
    expectProblem(await upload(user, avatarForm(pngOfSize(3 * 1024 * 1024))), 413, "avatar_too_large");
    expect(await storedAvatars(user.id)).toEqual([]);
    expect(await userRow(user.id)).toEqual(before);
  });

  it("refuses an empty file", async () => {
    const user = await signedIn();
    expectProblem(await upload(user, avatarForm(new Uint8Array(0))), 400, "avatar_invalid");
    expect(await storedAvatars(user.id)).toEqual([]);
  });

  it("refuses a form without an avatar file", async () => {
    const user = await signedIn();
    const before = await userRow(user.id);
    const empty = new FormData();
    empty.append("picture", new File([PNG], "a.png", { type: "image/png" }));
    expectProblem(await upload(user, empty), 400, "avatar_invalid");
    const text = new FormData();
    text.append("avatar", "fox");
    expectProblem(await upload(user, text), 400, "avatar_invalid");
    expect(await userRow(user.id)).toEqual(before);
  });

  it("refuses a malformed multipart body", async () => {
    const user = await signedIn();
    const res = await call("PUT", "/api/v1/changingme", {
      cookie: user.cookie,
      raw: "--nope\r\nthis is not a form",
      headers: { "Content-Type": "multipart/form-data; boundary=zzz" },
    });
    expectReadable400(res);
  });

  it("answers 401 to an upload without a session", async () => {
    expectProblem(await call("PUT", "/api/v1/changingme", { form: avatarForm(PNG) }), 401, "unauthorized");
  });
});

describe("GET /api/v1/avatar/:user/:file", () => {
  it.each([
    ["an avatar that was never uploaded", `/api/v1/avatar/${crypto.randomUUID()}/${crypto.randomUUID()}.png`],
    ["a file name outside the pattern", `/api/v1/avatar/${crypto.randomUUID()}/..%2F..%2Fsecret.png`],
    ["an unknown extension", `/api/v1/avatar/${crypto.randomUUID()}/${crypto.randomUUID()}.svg`],
  ])("answers 404 JSON for %s", async (_, path) => {
    expectProblem(await call("GET", path), 404, "not_found");
  });
});
