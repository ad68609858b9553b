import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { jiraVars, startFakeJira } from "./tests/fixtures/jira/server.ts";

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

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
            // The fake Jira Cloud runs in this (Node) process for the whole run; the Worker's
            // Jira endpoints point at it, as a deployment's point at Atlassian.
            const jira = await startFakeJira();
            return {
              wrangler: { configPath: "./wrangler.toml" },
              miniflare: {
                // wrangler.toml's vars are the production ones; tests run as local development.
                bindings: {
                  TEST_MIGRATIONS: await readD1Migrations(here("./migrations")),
                  APP_ENV: "development",
                  MAIL_PROVIDER: "local",
                  APP_ORIGIN: "http://localhost:8787",
                  FAKE_JIRA_URL: jira.url,
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
          globalSetup: ["./tests/integration/mail-provider.global.ts"],
        },
      },
    ],
  },
});
