/** Page data of the plans, payments and donations screens (issue 23). */
import { getDb } from "../../db/client";
import type { Env } from "../../env";
import { findTariff, listTariffs } from "../payments/catalogue";
import { donatePageTarget, listDonations } from "../payments/donations";
import { findPayment, licenceOf, listPayments, sandboxPayment } from "../payments/payments";
import { type SandboxDecision, sandboxDecide } from "../payments/sandbox";

/** `/price`: the public plans and, for a signed-in viewer, their licence. */
export async function pricePage(env: Env, userId: string | null) {
  const db = getDb(env.DB);
  const [tariffs, licence] = await Promise.all([listTariffs(db), userId ? licenceOf(db, userId) : null]);
  return { tariffs, licence };
}

/** `/tariff/{guid}`: a plan as the viewer may see it (a custom one only by its customer). */
export async function tariffPage(env: Env, userId: string, tariffId: string) {
  const db = getDb(env.DB);
  const [tariff, licence] = await Promise.all([findTariff(db, tariffId, userId), licenceOf(db, userId)]);
  return tariff ? { tariff, licence } : null;
}

/** `/payment/{guid}`: the viewer's payment and their licence now. */
export async function paymentPage(env: Env, userId: string, paymentId: string) {
  const db = getDb(env.DB);
  const [payment, licence] = await Promise.all([findPayment(db, userId, paymentId), licenceOf(db, userId)]);
  return payment ? { payment, licence } : null;
}

/** `/sandbox-pay/{guid}`: a sandbox payment of the viewer (development only). */
export async function sandboxPage(env: Env, userId: string, paymentId: string) {
  if (env.APP_ENV !== "development") return null;
  const payment = await sandboxPayment(getDb(env.DB), userId, paymentId);
  return payment ? { guid: payment.id, amount: payment.amount, currency: payment.currency, kind: payment.kind, status: payment.status } : null;
}

export const sandboxAction = (env: Env, userId: string, paymentId: string, decision: SandboxDecision, origin: string) =>
  sandboxDecide(env, getDb(env.DB), userId, paymentId, decision, origin);

/** Account settings: the viewer's receipts. */
export const receiptsPage = (env: Env, userId: string) => listPayments(getDb(env.DB), userId);

/** `/donate/{uUid}`: the person, or the project (by its open donation page), the donation goes to. */
export const donateRecipientPage = (env: Env, uUid: string) => donatePageTarget(getDb(env.DB), uUid);

/** `/admin/donations`: every donation, for site administrators (the route checks who asks). */
export const donationsAdminPage = (env: Env) => listDonations(getDb(env.DB));
