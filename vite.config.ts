import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

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

export default defineConfig(({ command }) => ({
  plugins: [
    cloudflare({
      viteEnvironment: { name: "ssr" },
      ...(command === "serve" ? { config: (worker: { vars?: Record<string, unknown> }) => ({ vars: { ...worker.vars, ...localVars } }) } : {}),
    }),
    tailwindcss(),
    browserOnly(),
    reactRouter(),
  ],
  resolve: { tsconfigPaths: true },
  // `PROFILE_BUILD=1 npx react-router build`: readable function names in a performance trace
  // (bench/board-trace.mjs). Never for a deployment.
  ...(process.env.PROFILE_BUILD ? { build: { minify: false } } : {}),
}));
