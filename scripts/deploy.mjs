// `npm run deploy`: build, migrate the remote D1, deploy. wrangler.toml's own vars are the
// production ones, so this is what a plain `wrangler deploy` after a build does too.
import { ensureInstalled, run } from "./lib.mjs";

ensureInstalled();
run("react-router", ["build"]);
run("wrangler", ["d1", "migrations", "apply", "DB", "--remote", "--config", "wrangler.toml"]);
run("wrangler", ["deploy"]);
