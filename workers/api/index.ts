/** The REST API under /api (spec §7). One error shape, one onError, one notFound. */
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import { DEFAULT_LANGUAGE } from "../../domain/i18n/languages";
import { getDb } from "../db/client";
import { i18nFor } from "../services/i18n";
import { aiRoutes } from "./ai";
import { authRoutes } from "./auth";
import { billingRoutes } from "./billing";
import { blogRoutes } from "./blog";
import { devRoutes } from "./dev";
import { docRoutes, sharedDocRoutes } from "./docs";
import { docContentRoutes } from "./doc-content";
import { fieldRoutes } from "./fields";
import { gitRoutes } from "./git";
import { helpRoutes } from "./help";
import { hintRoutes } from "./hints";
import { jiraAuthRoutes, jiraImportRoutes, jiraPreviewRoutes } from "./jira";
import { statsRoutes } from "./stats";
import { taskRoutes } from "./tasks";
import { tokenRoutes } from "./tokens";
import { entityFileRoutes } from "./tasks/entity-files";
import { eventRoutes } from "./tasks/events";
import { labelRoutes } from "./tasks/labels";
import { taskLinkRoutes } from "./tasks/links";
import { taskSearchRoutes } from "./tasks/search";
import { spaceRoutes } from "./tasks/spaces";
import { viewRoutes } from "./views";
import { workflowRoutes } from "./workflows";
import { meetingRoutes } from "./meetings";
import { meetingSfuRoutes } from "./meetings/sfu";
import { notificationRoutes, notificationSettingsRoutes } from "./notifications";
import { apiReference, openApiJson } from "./openapi";
import { projectRoutes } from "./projects";
import { roomProjectRoutes, roomRoutes } from "./rooms";
import { bodySizeLimit, methodNotAllowed, methodsOfPath } from "./http-guards";
import { requestContext, sameOrigin } from "./middleware";
import { ApiProblem, renderProblem } from "./problem";
import type { AppEnv } from "./types";

export const api = new Hono<AppEnv>().basePath("/api");

api.use(async (c, next) => {
  await next();
  c.header("Cache-Control", c.res.headers.get("Cache-Control") ?? "no-store");
});
api.use(requestContext);
api.use(bodySizeLimit);
api.use(sameOrigin);
api.route("/", authRoutes);
api.route("/", devRoutes);
api.route("/", projectRoutes);
api.route("/", fieldRoutes);
api.route("/", hintRoutes);
api.route("/", helpRoutes);
api.route("/", taskRoutes);
api.route("/", statsRoutes);
api.route("/", docRoutes);
api.route("/", sharedDocRoutes);
api.route("/", taskLinkRoutes);
api.route("/", taskSearchRoutes);
api.route("/", labelRoutes);
api.route("/", spaceRoutes);
api.route("/", entityFileRoutes);
api.route("/", eventRoutes);
api.route("/", viewRoutes);
api.route("/", workflowRoutes);
api.route("/", notificationRoutes);
api.route("/", notificationSettingsRoutes);
api.route("/", roomProjectRoutes);
api.route("/", roomRoutes);
api.route("/", meetingRoutes);
api.route("/", meetingSfuRoutes);
api.route("/", docContentRoutes);
api.route("/", blogRoutes);
api.route("/", aiRoutes);
api.route("/", billingRoutes);
api.route("/", tokenRoutes);
api.route("/", gitRoutes);
api.route("/", jiraAuthRoutes);
api.route("/", jiraPreviewRoutes);
api.route("/", jiraImportRoutes);
api.get("/openapi.json", openApiJson);
api.get("/docs", apiReference);

const methodsOf = methodsOfPath(api.routes);

api.notFound((c) => {
  const path = new URL(c.req.url).pathname;
  // Development helpers do not exist for a deployed Worker, not even as a 405.
  const allowed = path.startsWith("/api/dev/") && c.env.APP_ENV !== "development" ? [] : methodsOf(path);
  return renderProblem(c, allowed.length ? methodNotAllowed(allowed) : new ApiProblem(404, "not_found"));
});
api.onError((err, c) => {
  // The context may not be set when the failure happened before requestContext ran.
  if (!c.get("i18n")) {
    c.set("i18n", i18nFor(DEFAULT_LANGUAGE));
    c.set("db", getDb(c.env.DB));
  }
  if (err instanceof ApiProblem) return renderProblem(c, err);
  if (err instanceof HTTPException && err.status < 500) {
    return renderProblem(c, new ApiProblem(err.status as 400, err.status === 405 ? "method_not_allowed" : "body_invalid"));
  }
  console.error("api error", c.req.method, new URL(c.req.url).pathname, err);
  return renderProblem(c, new ApiProblem(500, "internal"));
});
