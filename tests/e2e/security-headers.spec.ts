/**
 * Every page answers with the security headers and a Content-Security-Policy whose nonce is
 * fresh per response, and no page the app has — editors included — trips that policy: each is
 * loaded in a browser that records every violation the browser reports.
 */
import { baseSecurityHeaders } from "../../domain/http/security-headers";
import { expect, origin, hydrated, person, test, watchCsp } from "./fixtures";

function expectSecurityHeaders(headers: Record<string, string>) {
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["cross-origin-opener-policy"]).toBe("same-origin");
  expect(headers["permissions-policy"]).toMatch(/camera=\(\).*microphone=\(\)/);
  expect(headers["x-frame-options"]).toBe("DENY");
}

test("pages carry the security headers and a policy whose script nonce changes with every response", async ({ request }) => {
  const nonces = new Set<string>();
  for (const path of ["/", "/login", "/project", "/dev/mail"]) {
    const res = await request.get(path, { maxRedirects: 0 });
    const headers = res.headers();
    expectSecurityHeaders(headers);
    // A local server is plain http: HSTS there would break localhost for the browser.
    expect(headers["strict-transport-security"]).toBeUndefined();
    const csp = headers["content-security-policy"]!;
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(csp).toMatch(/object-src 'none'/);
    expect(csp).toMatch(/connect-src 'self' ws:\/\/localhost:\d+/);
    expect(csp).not.toMatch(/unsafe-eval/);
    if (res.status() === 200) {
      const nonce = csp.match(/script-src 'self' 'nonce-([A-Za-z0-9+/=]+)'/)?.[1];
      expect(nonce, path).toBeTruthy();
      nonces.add(nonce!);
      const html = await res.text();
      // JSON-LD (public pages' structured data) is a data block the browser never runs.
      const scripts = (html.match(/<script\b[^>]*>/g) ?? []).filter((tag) => !tag.includes('type="application/ld+json"'));
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag, `${path}: ${tag}`).toContain(`nonce="${nonce}"`);
    }
  }
  expect(nonces.size).toBeGreaterThanOrEqual(3);
});

test("static files carry the same security headers as the pages, and built assets are cached for good", async ({ request }) => {
  const page = await request.get("/login");
  const html = await page.text();
  const script = html.match(/"(\/assets\/[^"]+\.js)"/)?.[1];
  expect(script, "a built script on the sign-in page").toBeTruthy();
  const expected = baseSecurityHeaders(false);
  for (const path of ["/favicon.svg", "/locales/en/common.json", script!]) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(200);
    for (const [name, value] of Object.entries(expected)) expect(res.headers()[name.toLowerCase()], `${path}: ${name}`).toBe(value);
  }
  expect((await request.get(script!)).headers()["cache-control"]).toContain("immutable");
});

test("API answers carry the security headers and a policy that loads nothing", async ({ request }) => {
  const res = await request.get("/api/v2/whoami");
  expect(res.status()).toBe(401);
  expectSecurityHeaders(res.headers());
  expect(res.headers()["content-security-policy"]).toMatch(/^default-src 'none'/);
});

test("the pages ux-walk does not open, editors included, trip no Content-Security-Policy either", async ({ browser }) => {
  // Ten pages, three editors among them: a minute on a busy machine.
  test.setTimeout(240_000);
  const owner = await person(browser, "Csp Owner", { viewport: { width: 1400, height: 900 } });
  const page = owner.page;
  const violations = await watchCsp(page);
  const ownFonts: number[] = [];
  page.on("response", (res) => {
    if (new URL(res.url()).pathname.startsWith("/excalidraw/fonts/")) ownFonts.push(res.status());
  });
  const api = async (method: "post" | "put", path: string, data: unknown) => {
    const res = await page.request[method](path, { data, headers: origin() });
    expect(res.status(), await res.text()).toBeLessThan(300);
    return res.json();
  };
  const project = (await api("post", "/api/v1/project", { name: `CSP ${Date.now().toString(36)}` })).guid as string;
  const p = `/project/${project}`;
  const docs: Record<string, string> = {};
  for (const kind of ["drawing", "bpmn", "table"]) docs[kind] = (await api("post", `/api/v1/project/${project}/docs`, { kind, title: kind })).guid;
  const shared = (await api("put", `/api/v1/project/${project}/docs/${docs.drawing}/share`, { shared: true })).url as string;

  const visit = async (path: string, ready?: string) => {
    await page.goto(path);
    await hydrated(page);
    if (ready) await expect(page.getByTestId(ready).first()).toBeVisible({ timeout: 20_000 });
    await page.waitForLoadState("networkidle");
  };
  // The main pages (landing, projects, overview, the four views, statistics, documents, a text
  // document, rooms, both room kinds, a task, settings) are walked under the same watch by
  // ux-walk.spec.ts; these are the ones it does not open, editors first.
  await visit(`${p}/events`);
  await visit(`${p}/docs/${docs.drawing}`, "drawing-canvas");
  await visit(`${p}/docs/${docs.bpmn}`, "bpmn-editor");
  await visit(`${p}/docs/${docs.table}`, "table-add-row");
  await visit(`${p}/settings/project`);
  await visit(`${p}/settings/fields`);
  await visit(new URL(shared).pathname, "drawing-canvas");
  // Switching the theme re-renders editors with other styles; the boot script runs on load.
  await page.evaluate(() => localStorage.setItem("theme", "dark"));
  await visit(`${p}/docs/${docs.drawing}`, "drawing-canvas");
  await visit(`${p}/docs/${docs.bpmn}`, "bpmn-editor");
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");

  expect(violations).toEqual([]);
  expect(owner.errors).toEqual([]);
  // Whatever canvas fonts the drawings fetched came from this origin.
  expect(ownFonts.every((status) => status === 200 || status === 304)).toBe(true);
  await owner.context.close();
});

test("a signed-out visitor's pages trip no policy either", async ({ page }) => {
  const violations = await watchCsp(page);
  for (const path of ["/", "/login", "/respass", "/en/login"]) {
    await page.goto(path);
    await hydrated(page);
    await page.waitForLoadState("networkidle");
  }
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  expect(violations).toEqual([]);
});
