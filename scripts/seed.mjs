// The demo workspace: one user and one project. Idempotent: fixed ids and INSERT OR IGNORE,
// so a second `npm start` changes nothing.
import { pbkdf2Sync, randomBytes } from "node:crypto";

export const DEMO = {
  email: "demo@example.com",
  password: "demo-password-1",
  userId: "00000000-0000-4000-8000-000000000001",
  projectId: "00000000-0000-4000-8000-000000000002",
  participantId: "00000000-0000-4000-8000-000000000003",
  blogCategoryId: "00000000-0000-4000-8000-000000000010",
  blogPostEn: "00000000-0000-4000-8000-000000000011",
  blogPostRu: "00000000-0000-4000-8000-000000000012",
};

/** The demo blog: a category named in four languages and one post in English and Russian. */
const BLOG_NAMES = [
  ["en", "News", "What is new in the planning workspace."],
  ["de", "Neuigkeiten", "Was es im Planungsarbeitsbereich Neues gibt."],
  ["es", "Novedades", "Qué hay de nuevo en el espacio de planificación."],
  ["ru", "Новости", "Что нового в рабочем пространстве для планирования."],
];
const BLOG_POSTS = [
  {
    id: DEMO.blogPostEn,
    slug: "plan-a-sprint-in-ten-minutes",
    language: "en",
    title: "Plan a sprint in ten minutes",
    excerpt: "A short routine for a calm planning meeting: groom the backlog, estimate together, commit to a goal.",
    body: "Planning does not have to take an afternoon. This is the routine we use ourselves.\n\n## 1. Groom the backlog\n\nDrag the tasks that matter to the top of the **backlog**. Anything without a clear outcome gets a question in its comments, not a place in the sprint.\n\n## 2. Estimate together\n\nOpen an estimation room and go through the top tasks. Cards are revealed at once, so nobody anchors the others.\n\n- Agree on the smallest task first.\n- Talk about the outliers, not the average.\n\n## 3. Commit to a goal\n\n> A sprint goal is a promise about an outcome, not a list of tickets.\n\nWrite it in the sprint's goal field and start the sprint.",
  },
  {
    id: DEMO.blogPostRu,
    slug: "splanirovat-sprint-za-desyat-minut",
    language: "ru",
    title: "Спланировать спринт за десять минут",
    excerpt: "Короткий порядок спокойного планирования: разобрать бэклог, оценить вместе, договориться о цели.",
    body: "Планирование не обязано занимать полдня. Вот порядок, которым пользуемся мы сами.\n\n## 1. Разберите бэклог\n\nПеретащите важные задачи наверх **бэклога**. Задача без понятного результата получает вопрос в комментариях, а не место в спринте.\n\n## 2. Оцените вместе\n\nОткройте комнату оценки и пройдите по верхним задачам. Карты открываются одновременно, поэтому никто не подстраивается под других.\n\n- Сначала договоритесь о самой маленькой задаче.\n- Обсуждайте крайние оценки, а не среднюю.\n\n## 3. Договоритесь о цели\n\n> Цель спринта — обещание результата, а не список задач.\n\nЗапишите её в поле цели спринта и начните спринт.",
  },
];

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
    `INSERT OR IGNORE INTO blog_categories (id, slug, sort) VALUES (${q(DEMO.blogCategoryId)}, 'news', 0);`,
    ...BLOG_NAMES.map(
      ([language, name, description]) =>
        `INSERT OR IGNORE INTO blog_category_names (category_id, language, name, description) VALUES (${q(DEMO.blogCategoryId)}, ${q(language)}, ${q(name)}, ${q(description)});`,
    ),
    ...BLOG_POSTS.map(
      (p) =>
        `INSERT OR IGNORE INTO blog_posts (id, slug, language, translation_group, category_id, title, excerpt, body, state, publish_at, author_id)
     VALUES (${q(p.id)}, ${q(p.slug)}, ${q(p.language)}, ${q(DEMO.blogPostEn)}, ${q(DEMO.blogCategoryId)}, ${q(p.title)}, ${q(p.excerpt)}, ${q(p.body)}, 'published', unixepoch() * 1000, ${q(DEMO.userId)});`,
    ),
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
