import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";
import { LEGAL_PAGES } from "../domain/site/legal.ts";
import { PROJECT_PATH, TASKBOARD_PATH } from "./lib/route-paths.ts";

/** The one route table (spec §2). Every module is its own chunk, loaded on demand. */
export default [
  index("routes/home.tsx"),
  route("login", "routes/login.tsx"),
  route("auth-callback", "routes/auth-callback.tsx"),
  route("respass/:email?", "routes/respass.tsx"),
  route("pass/:uUid", "routes/pass.tsx"),
  // The link mailed to a new e-mail address (PUT /changingme {name, email, password}).
  route("email/:uUid", "routes/email-confirm.tsx"),
  route("invite/:inviteLink", "routes/invite.tsx"),
  route("dev/mail", "routes/dev-mail.tsx"),
  route("join/:roomUid", "routes/join.tsx"),
  // The public site: help centre, legal texts (one module, the bundle chosen by the path),
  // contacts and the try-it table.
  route("help", "routes/help.tsx"),
  route("help/:category", "routes/help-category.tsx"),
  route("help/:category/:article", "routes/help-article.tsx"),
  ...Object.keys(LEGAL_PAGES).map((path) => route(path.slice(1), "routes/legal-page.tsx", { id: `legal${path}` })),
  route("contacts", "routes/contacts.tsx"),
  route("test", "routes/try-poker.tsx"),
  // Plans and donations (issue 23): public pages.
  route("price", "routes/price.tsx"),
  route("donate/:uUid?", "routes/donate.tsx"),
  layout("routes/signed-in.tsx", [
    route("project", "routes/projects.tsx"),
    route(PROJECT_PATH, "routes/project-layout.tsx", [
      index("routes/project-overview.tsx"),
      route("start", "routes/project-start.tsx"),
      route(TASKBOARD_PATH, "routes/project-taskboard.tsx"),
      route("issue/:issueGuid", "routes/project-issue.tsx"),
      route("stats", "routes/project-stats.tsx"),
      route("events", "routes/project-events.tsx"),
      route("docs/:docId?", "routes/project-docs.tsx"),
      route("rooms", "routes/project-rooms.tsx"),
      route("room/poker/:roomUid", "routes/project-room-poker.tsx"),
      route("verify/:roomUid", "routes/project-verify.tsx"),
      route("room/retro/:roomUid", "routes/project-room-retro.tsx"),
      // Git hosting (spec §2 "code"): the list (and its create form), a repository's tree and
      // files, its commits and one commit.
      route("code", "routes/project-code.tsx"),
      route("code/create", "routes/project-code.tsx", { id: "code-create" }),
      route("code/import", "routes/project-code-import.tsx"),
      route("code/commits/:git", "routes/project-code-commits.tsx"),
      route("code/settings/:git", "routes/project-code-settings.tsx"),
      route("code/:git", "routes/project-code-tree.tsx", { id: "code-repo" }),
      route("code/:git/tree/*", "routes/project-code-tree.tsx"),
      route("code/:git/commit/:hexsha", "routes/project-code-commit.tsx"),
      // Video meetings (spec §2: /project/{projectId}/create-meeting).
      route("meetings", "routes/project-meetings.tsx"),
      route("create-meeting", "routes/project-create-meeting.tsx"),
      route("settings", "routes/project-settings.tsx", [
        index("routes/project-settings-index.tsx"),
        route("project", "routes/project-settings-project.tsx"),
        route("team", "routes/project-settings-team.tsx"),
        route("fields/:field?", "routes/project-settings-fields.tsx"),
        route("workflow/:workflowGuid?", "routes/project-settings-workflow.tsx"),
        route("views", "routes/project-settings-views.tsx"),
        route("notifications", "routes/project-settings-notifications.tsx"),
        route("jira", "routes/project-settings-jira.tsx"),
        // Donations to the project (issue 23): its public page and what it received.
        route("donations", "routes/project-settings-donations.tsx"),
      ]),
    ]),
    route("meeting/:roomId", "routes/meeting.tsx"),
    route("settings/:action?/*", "routes/settings.tsx"),
    // A custom plan, a payment's result and the sandbox provider's checkout page.
    route("tariff/:tariffGuid", "routes/tariff.tsx"),
    route("payment/:payGuid", "routes/payment.tsx"),
    route("sandbox-pay/:payGuid", "routes/sandbox-pay.tsx"),
    // Site administrators see the donations here (others see a refusal).
    route("admin/donations", "routes/donations-admin.tsx"),
    // Atlassian sends the user back here after connecting Jira (spec §2).
    route("jira-callback", "routes/jira-callback.tsx"),
    // Site administrators write the blog here (others see a refusal).
    route("blog/write/:postGuid?", "routes/blog-editor.tsx"),
  ]),
  // Read-only share links (spec §2): /shared/{docs|bpmn|excalidraw|table}/{shareId}, no account needed.
  route("shared/:segment/:guid", "routes/shared-doc.tsx"),
  // The blog (spec §2). `:slug/category` outranks `:lng/*` and the catch-all below: a static
  // segment scores above a splat, so these never reach the language redirect or the main page.
  route(":slug/category", "routes/blog-category.tsx"),
  route(":slug/category/post/:postSlug", "routes/blog-post.tsx"),
  // A leading language segment (/en/..., spec §9) is read here; the static routes above rank first.
  route(":lng/*", "routes/language-path.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
