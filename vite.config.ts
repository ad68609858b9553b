import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import routes from "./app/routes.ts";
import { routeLayers } from "./scripts/route-chunks.ts";

/** `react-router dev` is local: the same variables as scripts/lib.mjs LOCAL_VARS. A build keeps wrangler.toml's production vars. */
const localVars = { APP_ENV: "development", MAIL_PROVIDER: "local", MEETING_STUN_URLS: "none" };

/**
 * Libraries the browser loads on demand and the Worker never runs: the code page's highlighter
 * (Shiki, with every grammar) and the diagram renderer (Mermaid, with cytoscape and KaTeX). The
 * server build would still carry them, because the components that import them on demand are
 * server-rendered too: about 2 MB of the Worker's gzipped upload. In the Worker they resolve to
 * a module that fails loudly if anything ever imports it there.
 */
function browserOnly(): Plugin {
  const browserOnlyPackage = /^(shiki|mermaid)(\/|$)/;
  const prefix = "\0browser-only:";
  return {
    name: "browser-only-packages",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "ssr",
    resolveId: (id) => (browserOnlyPackage.test(id) ? prefix + id : undefined),
    load: (id) => (id.startsWith(prefix) ? `throw new Error(${JSON.stringify(`${id.slice(prefix.length)} runs only in the browser`)});` : undefined),
  };
}

/**
 * The largest module (characters of its compiled code, about 1 KB gzipped) that may join a layer
 * where some of that layer's pages never use it: a file fewer for the pages that do. Measured on
 * the 20-card board (p50 hydrated, 24 loads each, alternating): 725 ms as the bundler splits it
 * (66 files), 678 ms with only the free merges (42 files), 641 ms with this (23 files, +0.5 KB),
 * 635 ms at twice this (17 files, +5 KB). Not raised (stop 49): at 8,000 the board had 12 files but
 * every page 5–21 KB more, and the poker room's blocking time at Lighthouse's 4× CPU went past its
 * goal in the one run made; the files went down instead by giving the modules the same pages
 * load one chunk (scripts/route-chunks.ts, no byte more on any page). These timings were taken
 * with Playwright's injected script running in the page; without it (stop 50), 8,000 against this
 * gave 321 → 326 ms (returning visitor) and 309 → 312 ms (private window): no sooner.
 */
const SMALL_SHARED = 3000;

/**
 * The route layers' chunks take only their own modules, not their dependencies (those sit in
 * outer layers or shared chunks), and the bundler then wants entries free to export what a layer
 * needs. React Router asks for "exports-only" in its own config hook, so this comes after it.
 */
function entriesMayExport(): Plugin {
  return {
    name: "route-layer-entry-signatures",
    enforce: "post",
    configEnvironment: (name) => (name === "client" ? { build: { rollupOptions: { preserveEntrySignatures: "allow-extension" } } } : undefined),
  };
}

export default defineConfig(({ command }) => ({
  plugins: [
    cloudflare({
      viteEnvironment: { name: "ssr" },
      ...(command === "serve" ? { config: (worker: { vars?: Record<string, unknown> }) => ({ vars: { ...worker.vars, ...localVars } }) } : {}),
    }),
    tailwindcss(),
    browserOnly(),
    reactRouter(),
    entriesMayExport(),
  ],
  resolve: { tsconfigPaths: true },
  // The browser's chunks by route layer (scripts/route-chunks.ts): fewer files for every page,
  // for a few small modules some pages carry unused. Only the client's: the Worker loads its
  // modules from memory.
  environments: {
    // The Worker's modules ASCII only: V8 keeps a module's source as long as the isolate lives,
    // at two bytes a character once one character is past Latin-1 (a dash in a doc comment was
    // enough). Strings are escaped and doc comments left out; licences and annotations stay.
    // The isolate's heap after a collection: 28.5 → 18.4 MB (docs/performance.md, stop 54).
    ssr: { build: { rolldownOptions: { output: { charset: "ascii", comments: { legal: true, annotation: true, jsdoc: false } } } } },
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              includeDependenciesRecursively: false,
              groups: [{ debugName: "route layers", name: routeLayers(`${import.meta.dirname}/app`, routes, { root: "root.tsx", entry: "entry.client.tsx" }, { smallShared: SMALL_SHARED }) }],
            },
          },
        },
      },
    },
  },
  // `PROFILE_BUILD=1 npx react-router build`: readable function names in a performance trace
  // (bench/board-trace.mjs). Never for a deployment.
  ...(process.env.PROFILE_BUILD ? { build: { minify: false } } : {}),
}));
