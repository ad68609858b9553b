/** Projects, participants and invitations. */
import * as projects from "../../../domain/projects/schemas";
import type { Operation } from "./registry";

export const projectOperations: Operation[] = [
  { method: "get", path: "/v1/project/invited", tag: "Projects", access: "signed-in", summary: "Invitations addressed to the caller.", ok: { status: 200, description: "The invitations." } },
  {
    method: "put", path: "/v1/project/invited/:inviteGuid", tag: "Projects", access: "signed-in",
    accessNote: "Only an invitation addressed to the caller.",
    summary: "Accept or decline an invitation addressed to the caller.",
    body: { json: projects.answerInviteBody }, ok: { status: 200, description: "`{ok, project}`." }, errors: { 404: ["invite_not_found"] },
  },
  {
    method: "post", path: "/v1/invite/:link/register", tag: "Projects", access: "public",
    accessNote: "The invitation link is the credential.",
    summary: "Create an account from an invitation link and join its project.",
    body: { json: projects.registerFromInviteBody }, ok: { status: 200, description: "`{ok, project}`; the session cookie is set." },
    errors: { 400: ["invite_not_found"], 409: ["email_taken"] },
  },
  { method: "get", path: "/v1/project", tag: "Projects", access: "signed-in", summary: "The caller's projects.", ok: { status: 200, description: "The projects." } },
  {
    method: "post", path: "/v1/project", tag: "Projects", access: "signed-in",
    summary: "Create a project; the caller becomes its root.",
    body: { json: projects.createProjectBody }, ok: { status: 201, description: "The project with its fields and participants." },
  },
  {
    method: "get", path: "/v1/project/:id", tag: "Projects", access: "read",
    summary: "One project with its fields, participants and values (`?custom_fields=a,b` narrows the values).",
    ok: { status: 200, description: "The project." },
  },
  {
    method: "put", path: "/v1/project/:id", tag: "Projects", access: "read",
    accessNote: "Anyone who reads the project may set their own `sort`; every other change takes root.",
    summary: "Change the project, or the caller's own order of it.",
    body: { json: projects.updateProjectBody }, ok: { status: 200, description: "The project." },
  },
  {
    method: "put", path: "/v1/project/:id/access/:accessGuid", tag: "Projects", access: "root",
    summary: "Change a participant's access or values.",
    body: { json: projects.accessBody }, ok: { status: 200, description: "The project." }, errors: { 403: ["owner_access_fixed"], 404: ["participant_not_found"] },
  },
  {
    method: "delete", path: "/v1/project/:id/access/:accessGuid", tag: "Projects", access: "read",
    accessNote: "A root removes anyone (but the owner); everyone else may only remove themselves (leave).",
    summary: "Remove a participant, or leave the project. A root's removal of someone else can be undone for an hour.",
    ok: { status: 204, description: "Removed." }, errors: { 404: ["participant_not_found"] },
  },
  {
    method: "post", path: "/v1/project/:id/access/:accessGuid/restore", tag: "Projects", access: "root",
    summary: "Undo a participant's removal within an hour: the same access (guid, rights, values) comes back.",
    ok: { status: 200, description: "The project." },
    errors: { 403: ["plan_limit_participants"], 404: ["participant_removal_not_found"], 409: ["participant_rejoined"] },
  },
  { method: "get", path: "/v1/project/:id/invite", tag: "Projects", access: "root", summary: "The project's open invitations.", ok: { status: 200, description: "The invitations." } },
  {
    method: "post", path: "/v1/project/:id/invite", tag: "Projects", access: "root",
    summary: "Invite people by e-mail.",
    body: { json: projects.inviteBody }, ok: { status: 201, description: "The invitations made." }, errors: { 429: ["rate_limited"] },
  },
  {
    method: "put", path: "/v1/project/:id/invite/:inviteGuid", tag: "Projects", access: "root",
    summary: "Change the role an invitation offers.",
    body: { json: projects.updateInviteBody }, ok: { status: 200, description: "The open invitations." }, errors: { 404: ["invite_not_found"] },
  },
  {
    method: "delete", path: "/v1/project/:id/invite/:inviteGuid", tag: "Projects", access: "root",
    summary: "Withdraw an invitation.", ok: { status: 204, description: "Withdrawn." }, errors: { 404: ["invite_not_found"] },
  },
];
