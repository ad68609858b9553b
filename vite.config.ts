import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

/** `react-router dev` is local: the same variables as scripts/lib.mjs LOCAL_VARS. A build keeps wrangler.toml's production vars. */
const localVars = { APP_ENV: "development", MAIL_PROVIDER: "local", MEETING_STUN_URLS: "none" };

export default defineConfig(({ command }) => ({
  plugins: [
    cloudflare({
      viteEnvironment: { name: "ssr" },
      ...(command === "serve" ? { config: (worker: { vars?: Record<string, unknown> }) => ({ vars: { ...worker.vars, ...localVars } }) } : {}),
    }),
    tailwindcss(),
    reactRouter(),
  ],
  resolve: { tsconfigPaths: true },
}));
