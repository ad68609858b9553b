import type { z } from "zod";
import { ApiProblem, problemFromZod } from "./problem";

/** Reads a JSON body and validates it; malformed JSON or a wrong shape is a 400, never a 500. */
export async function readJson<S extends z.ZodType>(c: { req: { json(): Promise<unknown> } }, schema: S): Promise<z.output<S>> {
  let raw: unknown;
  try {
    raw = await c.req.json();
  } catch {
    throw new ApiProblem(400, "body_invalid_json");
  }
  return parseWith(schema, raw);
}

export function parseWith<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  const result = schema.safeParse(raw);
  if (!result.success) throw problemFromZod(result.error);
  return result.data;
}
