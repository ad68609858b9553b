/** `GET /api/openapi.json` and `GET /api/docs`: the API describing itself. */
import type { Context } from "hono";
import type { AppEnv } from "../types";
import { openApiDocument } from "./document";
import { REFERENCE_STYLE, renderReferencePage } from "./reference-page";

let page: Promise<{ html: string; csp: string }> | undefined;

/** The page has no script; its one inline stylesheet is allowed by hash. */
async function referencePage() {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(REFERENCE_STYLE));
  const hash = btoa(String.fromCharCode(...new Uint8Array(digest)));
  return { html: renderReferencePage(openApiDocument()), csp: `default-src 'none'; style-src 'sha256-${hash}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'` };
}

export const openApiJson = (c: Context<AppEnv>) => {
  c.header("Cache-Control", "public, max-age=300");
  return c.json(openApiDocument());
};

export const apiReference = async (c: Context<AppEnv>) => {
  page ??= referencePage();
  const { html, csp } = await page;
  c.header("Content-Security-Policy", csp);
  c.header("Cache-Control", "public, max-age=300");
  return c.html(html);
};
