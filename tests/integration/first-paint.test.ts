/**
 * The first paint before the scripts (workers/site/first-paint.ts) on the way out of the Worker,
 * with workerd's own HTMLRewriter: what is parked, and where the script that starts it sits.
 */
import { describe, expect, it } from "vitest";
import { PARKED_MODULE, PARKED_PRELOAD, paintFirst, START_AFTER_PAINT } from "../../workers/site/first-paint";

const NONCE = "n0nce";
const html = (head: string, body: string) =>
  new Response(`<!DOCTYPE html><html><head><meta charset="utf-8">${head}<link rel="stylesheet" href="/a.css"></head><body>${body}</body></html>`, {
    headers: { "Content-Type": "text/html; charset=utf-8" },
  });
const preload = (href: string) => `<link rel="modulepreload" href="${href}"/>`;
const hydrating = `<script type="module" async>import "/assets/entry.js";</script>`;
const starter = `<script nonce="${NONCE}">${START_AFTER_PAINT}</script>`;

describe("paintFirst", () => {
  it("parks every module preload and the inline module that hydrates", async () => {
    const out = await paintFirst(html(preload("/assets/a.js") + preload("/assets/b.js"), `<main>cards</main>${hydrating}`), NONCE).text();
    expect(out).not.toContain('<link rel="modulepreload"');
    expect(out.match(new RegExp(`<link rel="${PARKED_PRELOAD}"`, "g"))).toHaveLength(2);
    expect(out).toContain(`<script type="${PARKED_MODULE}">import "/assets/entry.js";</script>`);
  });

  it("starts them from the head, right after the first parked preload, so that the first frame releases them", async () => {
    const out = await paintFirst(html(preload("/assets/a.js") + preload("/assets/b.js"), `<main>cards</main>${hydrating}`), NONCE).text();
    expect(out.split(starter)).toHaveLength(2);
    expect(out.indexOf(starter)).toBeLessThan(out.indexOf("</head>"));
    expect(out).toContain(`<link rel="${PARKED_PRELOAD}" href="/assets/a.js" />${starter}<link rel="${PARKED_PRELOAD}" href="/assets/b.js" />`);
  });

  it("starts a page without preloads after its module", async () => {
    const out = await paintFirst(html("", `<main>cards</main>${hydrating}`), NONCE).text();
    expect(out).toContain(`<script type="${PARKED_MODULE}">import "/assets/entry.js";</script>${starter}`);
  });

  it("leaves a module with a source, an answer other than 200 and what is not HTML alone", async () => {
    const withSource = `<script type="module" src="/assets/x.js"></script>`;
    expect(await paintFirst(html("", withSource), NONCE).text()).toContain(withSource);
    const failed = new Response(`<html><head>${preload("/assets/a.js")}</head></html>`, { status: 404, headers: { "Content-Type": "text/html" } });
    expect(await paintFirst(failed, NONCE).text()).toContain('<link rel="modulepreload"');
    const json = new Response(JSON.stringify({ link: preload("/assets/a.js") }), { headers: { "Content-Type": "application/json" } });
    expect(await paintFirst(json, NONCE).text()).toContain("modulepreload");
  });
});
