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

/** The inert type a parked module script carries until the page has painted. */
export const PARKED_MODULE = "text/x-module-after-paint";
/** The inert `rel` a parked module preload carries until the page has painted. */
export const PARKED_PRELOAD = "x-modulepreload-after-paint";
/** The same two marks for a page that hydrates on its visitor's first interaction. */
export const IDLE_MODULE = "text/x-module-on-interaction";
export const IDLE_PRELOAD = "x-modulepreload-on-interaction";

/**
 * Swaps the parked preloads and module back in. Starting a request costs the main thread a few
 * milliseconds (more on a slow phone), so the preloads go in slices of six, one task each, and
 * never make one long task of sixty requests (issue 17: 450 ms at Lighthouse's 4× CPU); the
 * module that hydrates goes last, as before. A created script keeps the nonce the policy asks
 * for (the `nonce` property survives the attribute's hiding).
 */
const release = (preload: string, module: string) =>
  `var q=[].slice.call(document.querySelectorAll('link[rel="${preload}"]'));(function n(){q.splice(0,6).forEach(function(l){var p=document.createElement("link");p.rel="modulepreload";p.href=l.getAttribute("href");l.replaceWith(p)});if(q.length)return setTimeout(n,0);document.querySelectorAll('script[type="${module}"]').forEach(function(s){var m=document.createElement("script");m.type="module";m.nonce=s.nonce;m.textContent=s.textContent;s.replaceWith(m)})})()`;

/**
 * Starts the parked modules after the first paint: `requestAnimationFrame` runs just before a
 * frame is painted, the timeout right after it.
 */
export const START_AFTER_PAINT = `requestAnimationFrame(function(){setTimeout(function(){${release(PARKED_PRELOAD, PARKED_MODULE)}},0)})`;

/**
 * Starts the parked modules on the visitor's first sign of use (a pointer moving or pressed, a
 * touch, a key, the focus entering a field, a wheel): a guest who only reads the landing page
 * downloads no JavaScript (issue 17). What is done before React owns the page is not lost:
 * links work as links; a click on a button (theme, menu, a form's submit) and a form's
 * submission are held and done again once the page is hydrated (`data-hydrated` on <html>);
 * text typed and options chosen meanwhile stay in the fields, and React 19 reports them to the
 * page as changes when it hydrates them.
 */
export const START_ON_INTERACTION = `(function(){var d=document,h=d.documentElement,go=0,held=[],on=["pointerdown","pointermove","touchstart","keydown","focusin","wheel"];function start(){if(go)return;go=1;on.forEach(function(e){removeEventListener(e,start,true)});${release(IDLE_PRELOAD, IDLE_MODULE)}}on.forEach(function(e){addEventListener(e,start,{capture:true,passive:true})});function hold(e){if(h.hasAttribute("data-hydrated"))return;var t=e.target;if(e.type==="submit"){held.push(function(){t.requestSubmit()})}else{var b=t.closest&&t.closest("button,summary,[role=button]");if(!b)return;held.push(function(){b.click()})}e.preventDefault();e.stopPropagation();start()}addEventListener("click",hold,true);addEventListener("submit",hold,true);new MutationObserver(function(m,o){if(!h.hasAttribute("data-hydrated"))return;o.disconnect();removeEventListener("click",hold,true);removeEventListener("submit",hold,true);setTimeout(function(){held.splice(0).forEach(function(f){f()})},0)}).observe(h,{attributes:true,attributeFilter:["data-hydrated"]})})()`;

/** When a page's parked scripts start: after its first paint, or on its visitor's first interaction. */
export type Hydration = "after-paint" | "on-interaction";

/** The page's HTML with its module preloads and hydration started after the first paint (or the first interaction). */
export function paintFirst(page: Response, nonce: string, when: Hydration = "after-paint"): Response {
  if (page.status !== 200 || !(page.headers.get("Content-Type") ?? "").startsWith("text/html")) return page;
  const [preload, module, starter] = when === "after-paint" ? [PARKED_PRELOAD, PARKED_MODULE, START_AFTER_PAINT] : [IDLE_PRELOAD, IDLE_MODULE, START_ON_INTERACTION];
  let parked = false;
  return new HTMLRewriter()
    .on("html", {
      element(el) {
        // Tests and tools can tell a page that waits for its visitor from one still loading.
        if (when === "on-interaction") el.setAttribute("data-hydrate-on", "interaction");
      },
    })
    .on('link[rel="modulepreload"]', {
      element(el) {
        el.setAttribute("rel", preload);
      },
    })
    .on('script[type="module"]', {
      element(el) {
        // Only inline modules (React Router's hydration entry); a module with src stays as is.
        if (el.getAttribute("src")) return;
        el.setAttribute("type", module);
        el.removeAttribute("async");
        if (!parked) el.after(`<script nonce="${nonce}">${starter}</script>`, { html: true });
        parked = true;
      },
    })
    .transform(page);
}
