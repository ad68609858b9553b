/**
 * Wire schemas of the account calls (spec §7 "Auth/user"). The browser's forms and the API
 * validate with the same schemas. Messages are keys of the `errors` namespace: the API
 * translates them into the caller's language, the forms through i18next.
 */
import { z } from "zod";

import { COMPANY_SIZES, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, USER_COLORS } from "./limits";

export { AVATAR_MAX_BYTES, AVATAR_TYPES, COMPANY_SIZES, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, USER_COLORS } from "./limits";
/** Built-in avatars a user can choose instead of uploading an image. */
export const PRESET_AVATARS = ["fox", "owl", "cat", "bear", "panda", "whale"] as const;

/** Lower-cases and trims an e-mail before anything else looks at it (spec §5). */
export const email = z
  .string({ error: "email_required" })
  .trim()
  .toLowerCase()
  .min(1, "email_required")
  .max(254, "email_invalid")
  .pipe(z.email({ error: "email_invalid" }));

const password = z
  .string({ error: "password_required" })
  .min(PASSWORD_MIN_LENGTH, "password_too_short")
  .max(PASSWORD_MAX_LENGTH, "password_too_long");

const name = z
  .string({ error: "name_required" })
  .trim()
  .min(1, "name_required")
  .max(NAME_MAX_LENGTH, "name_too_long");

export const signInBody = z.object({
  email,
  password: z.string({ error: "password_required" }).min(1, "password_required").max(PASSWORD_MAX_LENGTH, "password_too_long"),
});

/** `PUT /changingme` accepts exactly one of these JSON shapes (or multipart with an avatar). */
export const profileBody = z.strictObject({
  name,
  color: z.enum(USER_COLORS, { error: "color_invalid" }),
  avatar: z.union([z.enum(PRESET_AVATARS), z.null()], { error: "avatar_invalid" }).optional(),
});
export const tabBody = z.strictObject({
  tab: z.string({ error: "tab_invalid" }).trim().min(1, "tab_invalid").max(200, "tab_invalid"),
});
/**
 * `{name, email}`; a different e-mail also needs the current `password` and only takes effect
 * once the link mailed to it is followed (see domain/auth/email-change.ts).
 */
export const nameEmailBody = z.strictObject({
  name,
  email,
  password: z.string({ error: "password_required" }).max(PASSWORD_MAX_LENGTH, "password_too_long").optional(),
});
export const changingMeBody = z.union([profileBody, tabBody, nameEmailBody], { error: meantShapeMessage });

/**
 * When no shape fits, the caller hears what is wrong with the shape whose keys they used (the
 * only one without unknown keys): `{name, color: "red"}` answers `color_invalid`. A bad value
 * would otherwise hide behind a generic `body_invalid`, since zod's union gives up on every
 * option with an aborting issue (a wrong enum value or type).
 */
function meantShapeMessage(issue: { code?: string; errors?: { code: string; message: string }[][] }): string {
  const fitting = issue.code === "invalid_union" ? (issue.errors ?? []).filter((issues) => !issues.some((i) => i.code === "unrecognized_keys")) : [];
  return (fitting.length === 1 ? fitting[0]![0]?.message : undefined) ?? "body_invalid";
}

export const changePasswordBody = z
  .object({
    oldpass: z.string({ error: "password_required" }).min(1, "password_required").max(PASSWORD_MAX_LENGTH, "password_too_long"),
    newpass: password,
    repeatnewpass: z.string({ error: "password_required" }),
  })
  .refine((b) => b.newpass === b.repeatnewpass, { error: "passwords_differ", path: ["repeatnewpass"] });

/** `POST /changingme/confirm`: the uuid of the `/email/{uuid}` link mailed to the new address. */
export const confirmEmailBody = z.strictObject({ uuid: z.uuid({ error: "link_invalid" }) });

export const resetRequestBody = z.object({ email });

export const setPasswordBody = z
  .object({
    uuid: z.uuid({ error: "link_invalid" }),
    newpass: password,
    repeatnewpass: z.string({ error: "password_required" }),
  })
  .refine((b) => b.newpass === b.repeatnewpass, { error: "passwords_differ", path: ["repeatnewpass"] });

export const quickStartBody = z.object({
  name,
  email,
  company_size: z.enum(COMPANY_SIZES, { error: "company_size_invalid" }),
});

/** The honeypot field of the feedback forms (see `feedbackBody`). */
export const FEEDBACK_HONEYPOT = "website";

export const feedbackBody = z.object({
  name_sender: name,
  email,
  number_mobile: z
    .string()
    .trim()
    .max(32, "phone_invalid")
    .regex(/^[+\d\s()-]*$/, "phone_invalid")
    .optional()
    .default(""),
  text: z.string({ error: "text_required" }).trim().min(1, "text_required").max(5000, "text_too_long"),
  page_send: z.string().trim().max(500).optional().default(""),
  /**
   * The spam trap: a field people never see (hidden from sight and from assistive technology)
   * but form-filling robots do. A message that fills it is answered as sent and dropped.
   */
  [FEEDBACK_HONEYPOT]: z.string().max(500).optional().default(""),
});

export type SignInBody = z.infer<typeof signInBody>;
export type ChangingMeBody = z.infer<typeof changingMeBody>;

/** What `GET /v2/whoami` answers. */
export interface WhoAmI {
  guid: string;
  name: string;
  email: string;
  color: string;
  avatar: string | null;
  tab: string | null;
  lastproject: string | null;
  license: { type_license: string };
  /** Present (true) only for a site administrator, who writes the blog. */
  site_admin?: true;
  /** The product tour was shown to this account already, on some device. */
  tour_seen?: true;
}
