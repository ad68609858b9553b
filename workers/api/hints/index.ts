/** POST /v1/project/{id}/hints: suggestions while typing (spec §7, paging of spec §9). */
import { Hono } from "hono";
import { hintsBody, hintsPageSize, hintsQuery } from "../../../domain/fields/hints";
import { projectHints } from "../../services/hints";
import { ApiProblem } from "../problem";
import { access, type ProjectEnv } from "../project-access";
import { parseWith, readJson } from "../validate";

export const hintRoutes = new Hono<ProjectEnv>().post("/v1/project/:id/hints", access("read"), async (c) => {
  const query = parseWith(hintsQuery, c.req.query());
  const body = await readJson(c, hintsBody);
  const contentTypes = body.content_types ?? [body.content_type!];
  const limit = hintsPageSize(contentTypes, query.limit ?? body.limit);
  const result = await projectHints(c.get("db"), c.get("project").id, c.get("i18n").t, {
    contentTypes,
    query: body.query,
    all: body.all || body.show_all_values,
    descending: body.ordering === "-label",
    limit,
    offset: query.offset,
  });
  if (!result.ok) throw new ApiProblem(400, result.reason);
  return c.json({ count: result.count, limit, offset: query.offset, results: result.results });
});
