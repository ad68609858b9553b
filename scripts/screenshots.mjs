// `npm run screenshots`: full-page pictures of the main pages in both themes, for a person to
// look at (test-results/<test>/screens/*.png). They are the Playwright tests tagged `@screens`,
// left out of `npm test` because a picture asserts nothing a journey does not.
import { ensureChromium, ensureInstalled, log, run, toolEnv } from "./lib.mjs";

ensureInstalled();
ensureChromium();
log("Building…");
run("react-router", ["build"]);
log("Taking the pictures (Playwright, tests tagged @screens)…");
run("playwright", ["test", ...process.argv.slice(2)], { env: { ...toolEnv, SCREENS: "1" } });
