// `npm run deploy`: build for the production environment, migrate the remote D1, deploy.
import { ensureInstalled, run, toolEnv } from "./lib.mjs";

ensureInstalled();
const environment = process.env.CLOUDFLARE_ENV || "production";
const env = { ...toolEnv, CLOUDFLARE_ENV: environment };
run("react-router", ["build"], { env });
run("wrangler", ["d1", "migrations", "apply", "DB", "--remote", "--config", "wrangler.toml", "--env", environment], { env });
run("wrangler", ["deploy"], { env });
