import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { FAKE_KEY, FAKE_MODEL, startFakeLlm } from "./tests/fixtures/fake-llm";
import { startGitBackend } from "./tests/fixtures/git-backend.ts";
import { jiraVars, startFakeJira } from "./tests/fixtures/jira/server.ts";
import { FAKE_REALTIME_APP, FAKE_REALTIME_TOKEN, startFakeRealtime } from "./tests/fixtures/realtime-fake.ts";

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
let fakeLlm: ReturnType<typeof startFakeLlm> | undefined;
let gitBackend: ReturnType<typeof startGitBackend> | undefined;
let fakeRealtime: ReturnType<typeof startFakeRealtime> | undefined;

export default defineConfig({
  test: {
    projects: [
      {
        // Pure rules: plain Node, no runtime.
        test: { name: "unit", include: ["domain/**/*.test.ts", "tests/unit/**/*.test.ts"], environment: "node" },
      },
      {
        // API and Durable Objects inside workerd, against real local D1/DO/R2.
        plugins: [
          cloudflareTest(async () => {
            // The fake OpenAI-compatible provider must exist before the Worker's bindings are
            // made (they carry its port), so it starts here rather than in a globalSetup.
            const llm = await (fakeLlm ??= startFakeLlm().then((f) => (f.server.unref(), f)));
            // The fake Jira Cloud runs in this (Node) process for the whole run; the Worker's
            // Jira endpoints point at it, as a deployment's point at Atlassian.
            const jira = await startFakeJira();
            // A public git host for imports: `git http-backend` on loopback (allowed in tests only).
            const upstream = await (gitBackend ??= startGitBackend());
            // Cloudflare Realtime's SFU API, faked on loopback: rooms above the mesh's size use it.
            const realtime = await (fakeRealtime ??= startFakeRealtime().then((f) => (f.server.unref(), f)));
            return {
              wrangler: { configPath: "./wrangler.toml" },
              miniflare: {
                // wrangler.toml's vars are the production ones; tests run as local development.
                bindings: {
                  TEST_MIGRATIONS: await readD1Migrations(here("./migrations")),
                  APP_ENV: "development",
                  MAIL_PROVIDER: "local",
                  APP_ORIGIN: "http://localhost:8787",
                  AI_BASE_URL: `${llm.url}/v1`,
                  AI_MODEL: FAKE_MODEL,
                  AI_API_KEY: FAKE_KEY,
                  AI_TIMEOUT_MS: "8000",
                  MEETING_STUN_URLS: "none",
                  FAKE_JIRA_URL: jira.url,
                  FAKE_GIT_URL: upstream.url,
                  GIT_IMPORT_ALLOW_LOOPBACK: "1",
                  REALTIME_APP_ID: FAKE_REALTIME_APP,
                  REALTIME_APP_TOKEN: FAKE_REALTIME_TOKEN,
                  REALTIME_API_URL: `${realtime.url}/v1`,
                  ...jiraVars(jira.url),
                },
              },
            };
          }),
        ],
        resolve: {
          // Pages are exercised by Playwright; the Worker's page handler is not loaded here.
          alias: { "virtual:react-router/server-build": here("./tests/fixtures/no-server-build.ts") },
        },
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          setupFiles: ["./tests/integration/setup.ts"],
          globalSetup: ["./tests/integration/mail-provider.global.ts", "./tests/integration/stripe-fake.global.ts"],
        },
      },
    ],
  },
});
