import { createMiddleware } from "hono/factory";
import type { Need } from "../../domain/projects/roles";
import type { Participant, Project } from "../db/schema";
import { projectAccessWith } from "../services/access";
import { ApiProblem } from "./problem";
import type { AppEnv } from "./types";

export type ProjectEnv = AppEnv & { Variables: AppEnv["Variables"] & { project: Project; participant: Participant } };

/** Guards a `/project/:id/...` route: the caller needs `need` on that project, else 403. */
export const access = (need: Need) =>
  createMiddleware<ProjectEnv>(async (c, next) => {
    const user = c.get("user");
    if (!user) throw new ApiProblem(401, "unauthorized");
    const result = await projectAccessWith(c.get("accessRows"), c.get("db"), user.id, c.req.param("id") ?? "", need);
    if (!result.ok) throw new ApiProblem(403, "project_forbidden");
    c.set("project", result.project);
    c.set("participant", result.participant);
    await next();
  });
