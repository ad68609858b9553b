// Jira import throughput (issue 14): the fixture's 300 issues in 2 projects (with comments and
// attachments), imported from the fake Jira Cloud on loopback into a new project; then the
// re-run, where every issue is unchanged.
import { DEMO } from "../scripts/seed.mjs";

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function ok(res) {
  const body = await res.json();
  if (!res.ok) throw new Error(`${res.status} ${JSON.stringify(body)}`);
  return body;
}

async function waitDone(base, headers, project, guid) {
  for (;;) {
    const report = await ok(await fetch(`${base}/api/v1/project/${project}/jira/import/${guid}`, { headers }));
    if (report.phase === "done" || report.phase === "failed") return report;
    await sleep(100);
  }
}

export async function jiraBench(base) {
  console.log("Jira import (issue 14):");
  const { access_token: token } = await ok(
    await fetch(`${base}/api/v1/auth`, { method: "POST", headers: { "Content-Type": "application/json", Origin: base, "CF-Connecting-IP": "10.9.0.7" }, body: JSON.stringify({ email: DEMO.email, password: DEMO.password }) }),
  );
  const headers = { Authorization: `Bearer ${token}`, Origin: base, "Content-Type": "application/json" };
  const started = await fetch(`${base}/api/v1/jira/authorize`, { method: "POST", headers });
  const oauth = /jira_oauth=([^;]*)/.exec(started.headers.get("Set-Cookie") ?? "")[1];
  const { url } = await ok(started);
  const accept = /href="([^"]+)"/.exec(await (await fetch(url)).text())[1].replaceAll("&amp;", "&");
  const back = new URL((await fetch(accept, { redirect: "manual" })).headers.get("Location"));
  const grant = await ok(
    await fetch(`${base}/api/v1/jira`, { method: "POST", headers: { ...headers, Cookie: `jira_oauth=${oauth}` }, body: JSON.stringify({ code: back.searchParams.get("code"), state: back.searchParams.get("state") }) }),
  );
  const { guid: project } = await ok(await fetch(`${base}/api/v1/project`, { method: "POST", headers, body: JSON.stringify({ name: "Jira bench" }) }));
  const body = { jira_token: grant.jira_token, jira_refresh_token: grant.jira_refresh_token, jira_cloudID: grant.jira_cloudID, projects: ["ALPHA", "BETA"] };
  let t = performance.now();
  const { guid } = await ok(await fetch(`${base}/api/v1/project/${project}/jira/import`, { method: "POST", headers, body: JSON.stringify(body) }));
  const first = await waitDone(base, headers, project, guid);
  const firstS = (performance.now() - t) / 1000;
  const c = first.counts;
  console.log(`first import: ${c.issues} issues (${c.comments} comments, ${c.attachments} attachments, ${c.sprints} sprints) in ${firstS.toFixed(1)} s = ${(c.issues / firstS).toFixed(1)} issues/s`);
  t = performance.now();
  await ok(await fetch(`${base}/api/v1/project/${project}/jira/import/${guid}/rerun`, { method: "POST", headers }));
  const second = await waitDone(base, headers, project, guid);
  const secondS = (performance.now() - t) / 1000;
  console.log(`re-run (nothing changed): ${second.counts.unchanged} unchanged, ${second.counts.issues} written in ${secondS.toFixed(1)} s = ${(second.counts.unchanged / secondS).toFixed(1)} issues/s`);
}
