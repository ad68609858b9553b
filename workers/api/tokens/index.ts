/** Personal access tokens for git over HTTP (issue 12): create (shown once), list, revoke. */
import { Hono } from "hono";
import { createTokenBody } from "../../../domain/git/schemas";
import { createToken, listTokens, revokeToken } from "../../services/tokens";
import { requireUser } from "../middleware";
import { ApiProblem } from "../problem";
import type { AppEnv } from "../types";
import { readJson } from "../validate";

export const tokenRoutes = new Hono<AppEnv>();

tokenRoutes.use("/v1/tokens", requireUser);
tokenRoutes.use("/v1/tokens/*", requireUser);

tokenRoutes.post("/v1/tokens", async (c) => {
  const body = await readJson(c, createTokenBody);
  const made = await createToken(c.get("db"), c.get("user")!.id, body.name);
  if (!made.ok) throw new ApiProblem(409, made.reason);
  return c.json({ ...made.wire, token: made.token }, 201);
});

tokenRoutes.get("/v1/tokens", async (c) => c.json({ results: await listTokens(c.get("db"), c.get("user")!.id) }));

tokenRoutes.delete("/v1/tokens/:tokenId", async (c) => {
  if (!(await revokeToken(c.get("db"), c.get("user")!.id, c.req.param("tokenId")))) throw new ApiProblem(404, "token_not_found");
  return c.body(null, 204);
});
