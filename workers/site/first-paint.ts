/**
 * Public pages paint before their scripts run. They are rendered on the server and readable
 * without JavaScript; the scripts only make them interactive. Left as React Router writes them,
 * the module preloads share a slow phone's bandwidth with the stylesheet and the inline module
 * that hydrates runs as soon as they arrive, so the first paint waits for every chunk to
 * download and evaluate. Here, on the way out, the preloads and the inline module that starts
 * hydration are parked (an inert `rel` and script type) and a small script releases them on
 * the frame after the first paint, the module with the same nonce. The chunks still download
 * in parallel, only later; nothing else changes: the same chunks, data and hydration.
 */

import { TRANSLATIONS_META } from "../../app/lib/translations";

/** The inert type a parked module script carries until the page has painted. */
export const PARKED_MODULE = "text/x-module-after-paint";
/** The inert `rel` a parked module preload carries until the page has painted. */
export const PARKED_PRELOAD = "x-modulepreload-after-paint";

/**
 * Swaps the parked preloads and module back in. Inserting a module preload is not free: Chrome
 * starts the module's fetch there and, for a file it already holds, parses it in the same task
 * (one to two milliseconds a chunk, fourteen at Lighthouse's 4× CPU for the big ones). So the
 * preloads go one per task, never a long task of several (issue 17: slices of six made the
 * poker room's blocking time 650–1,350 ms at Lighthouse's 4× CPU, one per task 110–360 ms; plain
 * `rel=preload` links, parsed later all at once when the graph loads, were worse still). The
 * next task is asked for by a message to itself, not `setTimeout(0)`: nested timers are held to
 * 4 ms each from the fifth on, which spread the board's 66 preloads over some 570 ms (now 130).
 * The release starts at the first frame, which may come before the parser has read the whole
 * body: the parked links are looked up again whenever the queue runs dry, once more when the
 * parser is done (`DOMContentLoaded`) if it was not yet, and the module that hydrates goes last,
 * once no parked link is left and the parser has reached it. A created script keeps the nonce
 * the policy asks for (the `nonce` property survives the attribute's hiding).
 */
const release = (preload: string, module: string) =>
  `var q=[],c=new MessageChannel;c.port1.onmessage=n;n();function n(){if(!q.length)q=[].slice.call(document.querySelectorAll('link[rel="${preload}"]'));var l=q.shift();if(l){var p=document.createElement("link");p.rel="modulepreload";p.href=l.getAttribute("href");l.replaceWith(p);return c.port2.postMessage(0)}if(document.readyState==="loading")return document.addEventListener("DOMContentLoaded",n);c.port1.onmessage=null;document.querySelectorAll('script[type="${module}"]').forEach(function(s){var m=document.createElement("script");m.type="module";m.nonce=s.nonce;m.textContent=s.textContent;s.replaceWith(m)})}`;

/**
 * Fetches the page's translations (`app/lib/translations.ts`), named by its `<meta>`, beside the
 * chunks: hydration waits for both. Not before the first paint, which a request of its own
 * would only compete with.
 */
const fetchTranslations = `var t=document.querySelector('meta[name="${TRANSLATIONS_META}"]');if(t)window.__translations={url:t.content,body:fetch(t.content,{credentials:"same-origin"}).then(function(r){return r.ok?r.json():null}).catch(function(){return null})};`;
/**
 * Starts the parked modules after the first paint: `requestAnimationFrame` runs just before a
 * frame is painted, the timeout right after it. Written in the head, beside the first parked
 * preload, so that the first frame starts them: written after the module at the end of the body,
 * its frame was the one after the parser had read the whole body, some 50 ms after the cards were
 * painted on the 20-card board (docs/performance.md, stop 50). It takes itself out of the
 * document as it runs: React hydrates the head's elements in order and takes any inline script
 * it meets for the next script it rendered (a page's JSON-LD was left in place that way, and a
 * navigation then showed two).
 */
export const START_AFTER_PAINT = `document.currentScript.remove();requestAnimationFrame(function(){setTimeout(function(){${fetchTranslations}${release(PARKED_PRELOAD, PARKED_MODULE)}},0)})`;

/**
 * The page's HTML with its module preloads and hydration started after the first paint. (A
 * guest's landing page does without them altogether: static-page.ts.)
 */
export function paintFirst(page: Response, nonce: string): Response {
  if (page.status !== 200 || !(page.headers.get("Content-Type") ?? "").startsWith("text/html")) return page;
  // The starting script goes after the first element parked (a preload in the head), once.
  let started = false;
  const startAfter = (el: Element) => {
    if (!started) el.after(`<script nonce="${nonce}">${START_AFTER_PAINT}</script>`, { html: true });
    started = true;
  };
  return new HTMLRewriter()
    .on('link[rel="modulepreload"]', {
      element(el) {
        el.setAttribute("rel", PARKED_PRELOAD);
        startAfter(el);
      },
    })
    .on('script[type="module"]', {
      element(el) {
        // Only inline modules (React Router's hydration entry); a module with src stays as is.
        if (el.getAttribute("src")) return;
        el.setAttribute("type", PARKED_MODULE);
        el.removeAttribute("async");
        startAfter(el);
      },
    })
    .transform(page);
}
