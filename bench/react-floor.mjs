// The floor for the planning board's first render (bench/board-render.mjs): the least a
// server-rendered React page showing the same board must do in the same browser. A Node server on
// loopback renders `react-floor-board.mjs` with the same number of cards (their data inline, the
// first screenful rendered) and one minified production bundle (React and the board, built here
// with Vite) hydrates it. No router, style sheet, translations, live socket or drag: what our
// page takes beyond this is ours. The page is served with our pages' `Cross-Origin-Opener-Policy`:
// a new tab opening such a page swaps its browsing context group first (about 30 ms on this
// machine), which a page without the header skips and a navigation from another site pays
// either way (docs/performance.md, stop 49).
import { createServer } from "node:http";
import { fileURLToPath } from "node:url";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { build } from "vite";
import { FloorBoard, floorCards } from "./react-floor-board.mjs";

async function bundle() {
  const out = await build({
    configFile: false,
    logLevel: "silent",
    mode: "production",
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    build: { write: false, minify: true, modulePreload: false, rollupOptions: { input: fileURLToPath(new URL("./react-floor-client.mjs", import.meta.url)) } },
  });
  const chunks = (Array.isArray(out) ? out : [out]).flatMap((o) => o.output);
  const entry = chunks.find((c) => c.type === "chunk" && c.isEntry);
  if (!entry || chunks.filter((c) => c.type === "chunk").length !== 1) throw new Error("the floor's client did not build as one chunk");
  return entry.code;
}

/** Starts the floor's server; `url(cards)` is its board with that many cards. */
export async function startReactFloor() {
  const script = await bundle();
  const pages = new Map();
  const page = (count) => {
    if (!pages.has(count)) {
      const cards = floorCards(count);
      const html = renderToString(createElement(FloorBoard, { cards }));
      const data = JSON.stringify(cards).replace(/</g, "\\u003c");
      pages.set(count, `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Floor</title><script type="module" src="/floor.js"></script></head><body><div id="root">${html}</div><script type="application/json" id="cards">${data}</script></body></html>`);
    }
    return pages.get(count);
  };
  const server = createServer((req, res) => {
    if (req.url === "/floor.js") {
      res.writeHead(200, { "Content-Type": "text/javascript", "Cache-Control": "public, max-age=31536000, immutable" });
      return res.end(script);
    }
    const count = /^\/board\/(\d+)$/.exec(req.url ?? "")?.[1];
    if (!count) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", "Cross-Origin-Opener-Policy": "same-origin" });
    res.end(page(Number(count)));
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${server.address().port}`;
  return { url: (cards) => `${base}/board/${cards}`, close: () => new Promise((resolve) => server.close(resolve)) };
}
