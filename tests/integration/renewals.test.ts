import { env, exports } from "cloudflare:workers";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { hubMessage, type HubMessage } from "../../domain/wire/live/hub";
import { licences, payments } from "../../workers/db/schema";
import type { Env } from "../../workers/env";
import { limitsFor } from "../../workers/services/plan-limits";
import { runBillingSchedule } from "../../workers/services/payments/renewals";
import { call, ORIGIN, socketPath } from "../fixtures/http";
import { buy, notify } from "../fixtures/payments";
import { db, signedIn, userRow } from "../fixtures/users";

const workerEnv = env as unknown as Env;
const DAY = 24 * 60 * 60 * 1000;
const licenceOf = (userId: string) => db().select().from(licences).where(eq(licences.userId, userId)).get();

/** A user on Team (paid for a month), with autopay as given. */
async function teamUser(autopay: boolean) {
  const me = await signedIn();
  const bought = await buy(me.cookie, undefined, undefined, { autopay });
  await notify(bought.json.guid, "payment.paid");
  return me;
}

describe("the billing schedule, on a fake clock", () => {
  it("renews a licence with autopay shortly before it ends, once per day, adding a period to the time left", async () => {
    const me = await teamUser(true);
    const { expiresAt } = (await licenceOf(me.id))!;
    await runBillingSchedule(workerEnv, db(), expiresAt - 10 * DAY);
    expect((await licenceOf(me.id))!.expiresAt).toBe(expiresAt);
    const dueAt = expiresAt - 2 * DAY;
    await runBillingSchedule(workerEnv, db(), dueAt);
    const renewed = (await licenceOf(me.id))!;
    expect(renewed.expiresAt).toBeGreaterThanOrEqual(expiresAt + 28 * DAY);
    expect(renewed.typeLicense).toBe("team");
    await runBillingSchedule(workerEnv, db(), dueAt + 60_000);
    const mine = await db().select().from(payments).where(eq(payments.userId, me.id)).all();
    expect(mine.map((p) => p.status)).toEqual(["paid", "paid"]);
  });

  it("brings an expired licence without autopay back to Free and tells the user's tabs", async () => {
    const me = await teamUser(false);
    const { expiresAt } = (await licenceOf(me.id))!;
    const res = await (exports as unknown as { default: Fetcher }).default.fetch(`${ORIGIN}${socketPath(`/ws/user/${me.id}`)}`, { headers: { Upgrade: "websocket", Cookie: me.cookie, Origin: ORIGIN } });
    const ws = res.webSocket!;
    ws.accept();
    const heard: HubMessage[] = [];
    ws.addEventListener("message", (e) => {
      const parsed = hubMessage.safeParse(JSON.parse(String(e.data)));
      if (parsed.success) heard.push(parsed.data);
    });
    await runBillingSchedule(workerEnv, db(), expiresAt - DAY);
    expect((await userRow(me.id))!.licenseType).toBe("team");
    await runBillingSchedule(workerEnv, db(), expiresAt + 1);
    expect((await userRow(me.id))!.licenseType).toBe("free");
    expect((await limitsFor(db(), me.id, expiresAt + 1)).typeLicense).toBe("free");
    const deadline = Date.now() + 3000;
    while (!heard.some((m) => m.type === "update_license_user" && m.license.type_license === "free") && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(heard).toContainEqual({ type: "update_license_user", license: { type_license: "free" } });
    ws.close(1000);
    expect((await call("GET", "/api/v1/autopay", { cookie: me.cookie })).json.active).toBe(false);
  });
});
