// `npm run build`: install what is missing, build, and prove the bundle deployable
// (`wrangler deploy --dry-run` checks it without an account).
import { ensureInstalled, run } from "./lib.mjs";

ensureInstalled();
run("react-router", ["build"]);
run("wrangler", ["deploy", "--dry-run", "--outdir", ".wrangler/dry-run"]);
