// The demo workspace: one user and one project. Idempotent: fixed ids and INSERT OR IGNORE,
// so a second `npm start` changes nothing.
import { pbkdf2Sync, randomBytes } from "node:crypto";

export const DEMO = {
  email: "demo@example.com",
  password: "demo-password-1",
  userId: "00000000-0000-4000-8000-000000000001",
  projectId: "00000000-0000-4000-8000-000000000002",
  participantId: "00000000-0000-4000-8000-000000000003",
};

/** Same format and parameters as workers/services/passwords.ts. */
function hashPassword(password) {
  const iterations = 100_000;
  const salt = randomBytes(16);
  const hash = pbkdf2Sync(password, salt, iterations, 32, "sha256");
  return `pbkdf2-sha256$${iterations}$${salt.toString("base64")}$${hash.toString("base64")}`;
}

const q = (v) => `'${String(v).replace(/'/g, "''")}'`;

export function seedSql() {
  return [
    `INSERT OR IGNORE INTO users (id, email, name, password_hash, color, license_type, last_project, email_confirmed_at)
     VALUES (${q(DEMO.userId)}, ${q(DEMO.email)}, 'Demo User', ${q(hashPassword(DEMO.password))}, '#4f46e5', 'free', ${q(DEMO.projectId)}, unixepoch() * 1000);`,
    `INSERT OR IGNORE INTO projects (id, name, description, owner_id)
     VALUES (${q(DEMO.projectId)}, 'Demo project', 'A sample project to explore the workspace.', ${q(DEMO.userId)});`,
    `INSERT OR IGNORE INTO participants (id, project_id, user_id, is_verifications, root, write, read)
     VALUES (${q(DEMO.participantId)}, ${q(DEMO.projectId)}, ${q(DEMO.userId)}, 1, 1, 1, 1);`,
  ].join("\n");
}

/**
 * Fills the demo project with sprints, epics and tasks through the running Worker (its
 * development-only `POST /api/dev/seed`), so every value is made by the real field engine.
 * Idempotent: a project that already has tasks is left alone.
 */
export async function seedDemoPlan(port) {
  try {
    const res = await fetch(`http://127.0.0.1:${port}/api/dev/seed`, { method: "POST", headers: { "Accept-Language": "en" } });
    const body = await res.json();
    if (res.ok && body.created > 0) console.log(`  Demo plan: ${body.created} tasks in a backlog and three sprints.`);
    else if (!res.ok) console.error(`  Demo plan not created: ${res.status} ${body.detail ?? ""}`);
  } catch (err) {
    console.error("  Demo plan not created:", err);
  }
}
