import type { z } from "zod";
import { ApiProblem, problemFromZod } from "./problem";

async function rawJson(c: { req: { json(): Promise<unknown> } }): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new ApiProblem(400, "body_invalid_json");
  }
}

/** Reads a JSON body and validates it; malformed JSON or a wrong shape is a 400, never a 500. */
export async function readJson<S extends z.ZodType>(c: { req: { json(): Promise<unknown> } }, schema: S): Promise<z.output<S>> {
  return parseWith(schema, await rawJson(c));
}

/**
 * Reads a bulk body (a JSON array): more than `max` items is a 413 `bulk_too_many`, decided
 * before any item is looked at, so a huge list never reaches the database.
 */
export async function readBulk<S extends z.ZodType>(c: { req: { json(): Promise<unknown> } }, schema: S, max: number): Promise<z.output<S>> {
  const raw = await rawJson(c);
  if (Array.isArray(raw) && raw.length > max) throw new ApiProblem(413, "bulk_too_many", { body: "bulk_too_many" });
  return parseWith(schema, raw);
}

/**
 * Reads a multipart form: another content type is a 400 `file_required` (an upload route takes
 * nothing else), a form that cannot be read a 400 `body_invalid`.
 */
export async function readMultipart(c: { req: { header(name: string): string | undefined; formData(): Promise<FormData> } }): Promise<FormData> {
  if (!(c.req.header("Content-Type") ?? "").startsWith("multipart/form-data")) throw new ApiProblem(400, "file_required", { file: "file_required" });
  try {
    return await c.req.formData();
  } catch {
    throw new ApiProblem(400, "body_invalid");
  }
}

export function parseWith<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  const result = schema.safeParse(raw);
  if (!result.success) throw problemFromZod(result.error);
  return result.data;
}
