import { defineConfig } from "@playwright/test";
import { CHROMIUM } from "./tests/fixtures/chromium";

const port = Number(process.env.E2E_PORT ?? 8799);
/** `npm run screenshots` sets this: only the picture-taking tests run (tag `@screens`). */
const screens = process.env.SCREENS === "1";

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: false,
  workers: 2,
  grep: screens ? /@screens/ : undefined,
  grepInvert: screens ? undefined : /@screens/,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [["list"]],
  outputDir: "test-results",
  use: {
    baseURL: `http://localhost:${port}`,
    locale: "en-US",
    trace: "retain-on-failure",
    launchOptions: { ...CHROMIUM, args: [...CHROMIUM.args] },
  },
  webServer: {
    command: "node scripts/serve-e2e.mjs",
    url: `http://localhost:${port}/`,
    env: { E2E_PORT: String(port) },
    reuseExistingServer: false,
    timeout: 120_000,
    gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
  },
});
