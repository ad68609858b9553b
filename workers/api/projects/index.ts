/** Projects, participants and invitations: spec §7 "Projects". */
import { Hono } from "hono";
import {
  accessBody,
  answerInviteBody,
  createProjectBody,
  inviteBody,
  registerFromInviteBody,
  updateInviteBody,
  updateProjectBody,
} from "../../../domain/projects/schemas";
import { allows } from "../../../domain/projects/roles";
import { RATE_LIMITS } from "../../../domain/rate-limit";
import { projectAccess } from "../../services/access";
import { access, type ProjectEnv } from "../project-access";
import { pushToUser } from "../../services/hub";
import { disconnectFromProject } from "../../services/live";
import { projectAccessChanged } from "../../services/user-sockets";
import {
  answerInvite,
  changeInviteRole,
  findProjectInvite,
  inviteMany,
  invitesFor,
  projectInvites,
  registerFromInvite,
  withdrawInvite,
} from "../../services/invites";
import { notify } from "../../services/notifications";
import { findRemoval, rejoined, restoreParticipant } from "../../services/participant-trash";
import { writeValues } from "../../services/field-values";
import {
  changeAccess,
  createProject,
  findParticipant,
  fullProjectView,
  isAccessFixed,
  listProjects,
  removeParticipant,
  updateProject,
} from "../../services/projects";
import { hitRateLimit } from "../../services/rate-limit";
import { sessionCookie } from "../../services/sessions";
import { mailOrigin } from "../mail-origin";
import { requireUser } from "../middleware";
import { limitProblem, requireWithin } from "../billing/limit-problem";
import { checkJoin, checkProjectCreation, checkSeats } from "../../services/plan-limits";
import { ApiProblem } from "../problem";
import { readJson } from "../validate";

/** `?custom_fields=a,b`: only these fields' values (by slug or guid) are returned. */
function fieldFilter(query: string | undefined): string[] | undefined {
  const list = query?.split(",").map((s) => s.trim()).filter(Boolean).slice(0, 200);
  return list && list.length > 0 ? list : undefined;
}

export const projectRoutes = new Hono<ProjectEnv>()
  // Invitations addressed to me come before `/:id` so "invited" is not taken for a project id.
  .get("/v1/project/invited", requireUser, async (c) => c.json(await invitesFor(c.get("db"), c.get("user")!)))
  .put("/v1/project/invited/:inviteGuid", requireUser, async (c) => {
    const body = await readJson(c, answerInviteBody);
    const result = await answerInvite(c.env, c.get("db"), c.get("user")!, c.req.param("inviteGuid"), body.successfully);
    if (!result.ok && result.reason === "plan_limit_participants") throw limitProblem("participants");
    if (!result.ok) throw new ApiProblem(404, "invite_not_found");
    return c.json({ ok: true, project: result.projectId });
  })
  .post("/v1/invite/:link/register", async (c) => {
    const body = await readJson(c, registerFromInviteBody);
    const result = await registerFromInvite(c.env, c.get("db"), c.req.param("link"), body.name, body.newpass, c.req.header("User-Agent") ?? null);
    if (!result.ok && result.reason === "plan_limit_participants") throw limitProblem("participants");
    if (!result.ok) throw new ApiProblem(result.reason === "email_taken" ? 409 : 400, result.reason);
    c.header("Set-Cookie", sessionCookie(result.token));
    return c.json({ ok: true, project: result.projectId });
  })
  .get("/v1/project", requireUser, async (c) => c.json(await listProjects(c.get("db"), c.get("user")!.id)))
  .post("/v1/project", requireUser, async (c) => {
    const body = await readJson(c, createProjectBody);
    const db = c.get("db");
    requireWithin(await checkProjectCreation(db, c.get("user")!.id));
    const created = await createProject(db, c.get("user")!.id, body.name, body.description, c.get("i18n").t, body.custom_fields);
    if (!created.ok) throw new ApiProblem(400, created.reason, { [`custom_fields.${created.index}`]: created.reason });
    const result = await projectAccess(db, c.get("user")!.id, created.projectId, "root");
    if (!result.ok) throw new ApiProblem(500, "internal");
    return c.json(await fullProjectView(db, result.project, result.participant), 201);
  })
  .get("/v1/project/:id", access("read"), async (c) =>
    c.json(await fullProjectView(c.get("db"), c.get("project"), c.get("participant"), fieldFilter(c.req.query("custom_fields")))),
  )
  .put("/v1/project/:id", access("read"), async (c) => {
    const body = await readJson(c, updateProjectBody);
    const { sort, custom_fields: values, filter_custom_fields: only, ...changes } = body;
    const db = c.get("db");
    const mine = c.get("participant");
    // Anyone may order their own list; changing the project itself takes root.
    if (Object.keys(changes).length > 0 || values) {
      const root = await projectAccess(db, c.get("user")!.id, c.get("project").id, "root");
      if (!root.ok) throw new ApiProblem(403, "project_forbidden");
    }
    if (values) {
      const written = await writeValues(db, c.get("project").id, "project", c.get("project").id, values, c.get("user")!.id);
      if (!written.ok) throw new ApiProblem(400, written.reason, { [`custom_fields.${written.index}`]: written.reason });
    }
    await updateProject(db, c.get("project"), mine, changes, sort);
    const fresh = await projectAccess(db, c.get("user")!.id, c.get("project").id, "read");
    if (!fresh.ok) throw new ApiProblem(403, "project_forbidden");
    return c.json(await fullProjectView(db, fresh.project, fresh.participant, only));
  })
  .put("/v1/project/:id/access/:accessGuid", access("root"), async (c) => {
    const body = await readJson(c, accessBody);
    const db = c.get("db");
    const project = c.get("project");
    const target = await findParticipant(db, project.id, c.req.param("accessGuid"));
    if (!target) throw new ApiProblem(404, "participant_not_found");
    const { filter_custom_fields: only, custom_fields: values, ...change } = body;
    // Refuse before writing anything: a refused request must not leave its values behind.
    if (Object.keys(change).length > 0 && isAccessFixed(project, target)) throw new ApiProblem(403, "owner_access_fixed");
    const result = await changeAccess(db, project, target, change, values ?? [], c.get("user")!.id);
    if (!result.ok) {
      if (result.index !== undefined) throw new ApiProblem(400, result.reason, { [`custom_fields.${result.index}`]: result.reason });
      throw new ApiProblem(result.reason === "owner_access_fixed" ? 403 : 404, result.reason);
    }
    if (Object.keys(change).length > 0) {
      const p = result.participant;
      const verifiedNow = !target.isVerifications && p.isVerifications;
      // Open sockets follow before the answer: no vote, note move or edit under the old right.
      const flags = { root: p.root, write: p.write, read: p.read, is_verifications: p.isVerifications };
      await projectAccessChanged(c.env, project.id, p.userId, allows(flags, "write") ? "write" : allows(flags, "read") ? "read" : null);
      await pushToUser(c.env, p.userId, {
        type: "update_project_access",
        project: { guid: project.id, name: project.name, access: { guid: p.id, root: p.root, write: p.write, read: p.read, is_verifications: p.isVerifications } },
        participant: { guid: p.userId },
        is_verifications: verifiedNow,
      });
      await notify(c.env, db, p.userId, "access_changed", project.id, { project: project.name, root: p.root, write: p.write, read: p.read });
    }
    return c.json(await fullProjectView(db, project, c.get("participant"), only));
  })
  .delete("/v1/project/:id/access/:accessGuid", access("read"), async (c) => {
    const db = c.get("db");
    const project = c.get("project");
    const mine = c.get("participant");
    const target = await findParticipant(db, project.id, c.req.param("accessGuid"));
    if (!target) throw new ApiProblem(404, "participant_not_found");
    // Roots remove anyone; everyone else may only leave.
    if (target.id !== mine.id && !(mine.root && mine.isVerifications)) throw new ApiProblem(403, "project_forbidden");
    // A root's removal of someone else can be undone; leaving is final (no page left to undo from).
    const result = await removeParticipant(db, project, target, target.id !== mine.id ? mine.userId : undefined);
    if (!result.ok) throw new ApiProblem(403, result.reason);
    await disconnectFromProject(c.env, project.id, target.userId);
    await pushToUser(c.env, target.userId, {
      type: "update_project_access",
      project: { guid: project.id, name: project.name, access: null },
      participant: { guid: target.userId },
      is_verifications: false,
    });
    if (target.id !== mine.id) await notify(c.env, db, target.userId, "removed", project.id, { project: project.name });
    return c.body(null, 204);
  })
  // Undo of a removal: the same row comes back, the person's open pages see the project again,
  // and a `restored` notification follows the `removed` one (which was also mailed).
  .post("/v1/project/:id/access/:accessGuid/restore", access("root"), async (c) => {
    const db = c.get("db");
    const project = c.get("project");
    const removal = await findRemoval(db, project.id, c.req.param("accessGuid"));
    if (!removal) throw new ApiProblem(404, "participant_removal_not_found");
    if (await rejoined(db, removal)) throw new ApiProblem(409, "participant_rejoined");
    requireWithin(await checkJoin(db, project.id));
    const result = await restoreParticipant(db, removal);
    if (!result.ok) throw new ApiProblem(409, result.reason);
    const p = result.participant;
    await pushToUser(c.env, p.userId, {
      type: "update_project_access",
      project: { guid: project.id, name: project.name, access: { guid: p.id, root: p.root, write: p.write, read: p.read, is_verifications: p.isVerifications } },
      participant: { guid: p.userId },
      is_verifications: false,
    });
    await notify(c.env, db, p.userId, "restored", project.id, { project: project.name });
    return c.json(await fullProjectView(db, project, c.get("participant")));
  })
  .get("/v1/project/:id/invite", access("root"), async (c) => c.json(await projectInvites(c.get("db"), c.get("project").id)))
  .post("/v1/project/:id/invite", access("root"), async (c) => {
    const body = await readJson(c, inviteBody);
    requireWithin(await checkSeats(c.get("db"), c.get("project").id, body.map((e) => e.email)));
    const decision = await hitRateLimit(c.env.DB, `invite:user:${c.get("user")!.id}`, RATE_LIMITS.invites);
    if (!decision.allowed) throw new ApiProblem(429, "rate_limited", undefined, { "Retry-After": String(decision.retryAfterSeconds) });
    const created = await inviteMany(c.env, c.get("db"), c.get("project"), c.get("user")!, body, mailOrigin(c), c.get("i18n").t);
    return c.json(created, 201);
  })
  .put("/v1/project/:id/invite/:inviteGuid", access("root"), async (c) => {
    const body = await readJson(c, updateInviteBody);
    const invite = await findProjectInvite(c.get("db"), c.get("project").id, c.req.param("inviteGuid"));
    if (!invite) throw new ApiProblem(404, "invite_not_found");
    await changeInviteRole(c.get("db"), invite, body.value);
    return c.json(await projectInvites(c.get("db"), c.get("project").id));
  })
  .delete("/v1/project/:id/invite/:inviteGuid", access("root"), async (c) => {
    const invite = await findProjectInvite(c.get("db"), c.get("project").id, c.req.param("inviteGuid"));
    if (!invite) throw new ApiProblem(404, "invite_not_found");
    await withdrawInvite(c.env, c.get("db"), invite);
    return c.body(null, 204);
  });
