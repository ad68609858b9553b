/** The product tour's "seen" state lives on the account, so a second device does not show it again. */
import { describe, expect, it } from "vitest";
import { call } from "../fixtures/http";
import { signedIn, startSession } from "../fixtures/users";

describe("POST /api/v1/tour/seen", () => {
  it("marks the tour seen on the account: every session of the user reads it, other users do not", async () => {
    const laptop = await signedIn({ name: "Tour Laptop" });
    const phone = await startSession(laptop.id);
    const other = await signedIn({ name: "Tour Other" });
    expect((await call("GET", "/api/v2/whoami", { cookie: phone.cookie })).json.tour_seen).toBeUndefined();

    const res = await call("POST", "/api/v1/tour/seen", { cookie: laptop.cookie });
    expect(res.status, res.text).toBe(200);
    expect((await call("GET", "/api/v2/whoami", { cookie: phone.cookie })).json.tour_seen).toBe(true);
    expect((await call("GET", "/api/v2/whoami", { cookie: other.cookie })).json.tour_seen).toBeUndefined();
  });

  it("refuses a signed-out caller", async () => {
    const res = await call("POST", "/api/v1/tour/seen");
    expect(res.status).toBe(401);
  });
});
