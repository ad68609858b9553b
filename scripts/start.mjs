// `npm start`: install what is missing, migrate and seed local D1, build, serve with wrangler dev.
import { DEMO, seedDemoPlan } from "./seed.mjs";
import { ensureInstalled, log, run, serveLocal } from "./lib.mjs";

ensureInstalled();
const { prepareLocalDb } = await import("./local-db.mjs");
const port = process.env.PORT || "8787";
const persistTo = ".wrangler/state";

prepareLocalDb(persistTo);
log("Building…");
run("react-router", ["build"]);

log(`Starting wrangler dev on port ${port}…`);
const server = serveLocal({ port, persistTo, options: { stdio: ["inherit", "pipe", "inherit"] } });
let announced = false;
server.stdout.on("data", (chunk) => {
  process.stdout.write(chunk);
  if (!announced && /Ready on/i.test(String(chunk))) {
    announced = true;
    void seedDemoPlan(port);
    console.log(`\n  Planning workspace is running at http://localhost:${port}`);
    console.log(`  Demo login: ${DEMO.email} / ${DEMO.password}`);
    console.log(`  Local mail: http://localhost:${port}/dev/mail\n`);
  }
});
