/** Wire schemas of the payment calls (issue 23; spec §7); messages are keys of the `errors` namespace. */
import { z } from "zod";
import { BILLING_PAGE_DEFAULT, BILLING_PAGE_MAX, CURRENCIES, DONATION_MAX, DONATION_MIN } from "./plans";

/** A key the client chose: Stripe allows up to 255 characters. */
export const idempotencyKey = z.string().trim().min(1, "idempotency_key_missing").max(255, "idempotency_key_invalid");

/** `POST /v1/buy/{priceGuid}`: the body may be left out. */
export const buyBody = z.object({ autopay: z.boolean().optional() }).strict();
export type BuyBody = z.infer<typeof buyBody>;

/** `PUT /v1/autopay`. */
export const autopayBody = z.object({ active: z.boolean({ message: "body_invalid" }) }).strict();

/**
 * `POST /v1/donate`: to the site, to a named person (`recipient`, a user guid), or to a project
 * (`project`, the id of its public donation page, the `uUid` of `/donate/{uUid}`); not both.
 */
export const donateBody = z
  .object({
    amount: z.number({ message: "donation_amount_invalid" }).int("donation_amount_invalid").min(DONATION_MIN, "donation_amount_invalid").max(DONATION_MAX, "donation_amount_invalid"),
    currency: z.enum(CURRENCIES, { message: "currency_invalid" }).default("eur"),
    recipient: z.string().uuid("recipient_not_found").optional(),
    project: z.string().uuid("recipient_not_found").optional(),
    message: z.string().max(500, "donation_message_too_long").default(""),
  })
  .strict()
  .refine((b) => !(b.recipient && b.project), { message: "donation_recipient_ambiguous", path: ["project"] });

/** `PUT /v1/project/{id}/donations`: open or close the project's public donation page. */
export const projectDonationsBody = z.object({ open: z.boolean({ message: "body_invalid" }) }).strict();
export type DonateBody = z.infer<typeof donateBody>;

/**
 * `?limit=&cursor=` of the billing history (receipts, licence periods): newest first; `cursor` is
 * the `next` of the previous page, `{time}_{guid}` of its last row (the guid breaks ties in a millisecond).
 */
export const billingPageQuery = z.object({
  limit: z.coerce.number({ error: "limit_invalid" }).int("limit_invalid").min(1, "limit_invalid").max(BILLING_PAGE_MAX, "limit_invalid").default(BILLING_PAGE_DEFAULT),
  cursor: z
    .string()
    .regex(/^\d{1,16}_[0-9a-f-]{36}$/, "cursor_invalid")
    .transform((c) => ({ at: Number(c.slice(0, c.indexOf("_"))), id: c.slice(c.indexOf("_") + 1) }))
    .optional(),
});
export type BillingPageQuery = z.output<typeof billingPageQuery>;
