/** Wire schemas of the project calls (spec §7 "Projects"). */
import { z } from "zod";
import { email } from "../auth/schemas";
import { INVITE_ROLES } from "./roles";

export const PROJECT_NAME_MAX = 120;
export const PROJECT_DESCRIPTION_MAX = 5000;
export const INVITES_PER_REQUEST = 50;

/** A project's name, as creating one takes it (also the Jira import into a new project). */
export const projectName = z.string({ error: "project_name_required" }).trim().min(1, "project_name_required").max(PROJECT_NAME_MAX, "project_name_too_long");
const description = z.string({ error: "body_invalid" }).max(PROJECT_DESCRIPTION_MAX, "project_description_too_long");

/** A custom field value on the wire (spec §3). Validated against its field by the field engine. */
export const customFieldValue = z.object({
  guid: z.string().max(64).optional(),
  slug: z.string().max(64).optional(),
  value: z.unknown().optional(),
  participant_value: z.string().max(64).nullable().optional(),
});

export const createProjectBody = z.object({
  name: projectName,
  description: description.optional().default(""),
  custom_fields: z.array(customFieldValue).max(200).optional().default([]),
});

export const updateProjectBody = z
  .object({
    name: projectName.optional(),
    description: description.optional(),
    sstime: z.string().max(64, "body_invalid").nullable().optional(),
    hidden: z.boolean({ error: "body_invalid" }).optional(),
    archive: z.boolean({ error: "body_invalid" }).optional(),
    sort: z.number({ error: "body_invalid" }).int().min(0).max(1_000_000).optional(),
    slug: z
      .string()
      .trim()
      .max(64, "slug_invalid")
      .regex(/^[a-z0-9-]*$/, "slug_invalid")
      .nullable()
      .optional(),
    custom_fields: z.array(customFieldValue).max(200).optional(),
    filter_custom_fields: z.array(z.string().max(64)).max(200).optional(),
  })
  .strict();

export const accessBody = z
  .object({
    is_verifications: z.boolean({ error: "body_invalid" }).optional(),
    root: z.boolean({ error: "body_invalid" }).optional(),
    write: z.boolean({ error: "body_invalid" }).optional(),
    read: z.boolean({ error: "body_invalid" }).optional(),
    custom_fields: z.array(customFieldValue).max(200).optional(),
    filter_custom_fields: z.array(z.string().max(64)).max(200).optional(),
  })
  .strict();

export const inviteBody = z
  .array(z.object({ email, value: z.enum(INVITE_ROLES, { error: "role_invalid" }) }), { error: "body_invalid" })
  .min(1, "invite_empty")
  .max(INVITES_PER_REQUEST, "invite_too_many");

export const updateInviteBody = z.object({ value: z.enum(INVITE_ROLES, { error: "role_invalid" }) }).strict();

export const answerInviteBody = z.object({ successfully: z.boolean({ error: "body_invalid" }) }).strict();

export const registerFromInviteBody = z
  .object({
    name: z.string({ error: "name_required" }).trim().min(1, "name_required").max(80, "name_too_long"),
    newpass: z.string({ error: "password_required" }).min(8, "password_too_short").max(128, "password_too_long"),
    repeatnewpass: z.string({ error: "password_required" }),
  })
  .refine((b) => b.newpass === b.repeatnewpass, { error: "passwords_differ", path: ["repeatnewpass"] });
