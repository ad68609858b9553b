/**
 * The project room's wire protocol (`/ws/project/{projectGuid}`). The server only pushes, and
 * only says *what* changed: D1 is the truth, so a board refetches through the API on a message
 * instead of patching itself from the frame. The browser parses every frame with
 * `projectMessage` and ignores what it does not understand. Close codes: `CLOSE` in
 * `../close-codes.ts` (FORBIDDEN: removed from the project or lost read access).
 */
import { z } from "zod";

const guid = z.string().min(1).max(64);
/** Milliseconds since the epoch, when the change was written to D1. */
const at = z.number().int().nonnegative();

export const projectMessage = z.discriminatedUnion("type", [
  /**
   * Tasks were created, edited, moved (reordered) or deleted. `tasks` names the guids touched;
   * a client refetches those (or its whole board) and drops guids that no longer exist.
   */
  z.object({ type: z.literal("tasks_changed"), project: guid, tasks: z.array(guid).max(5000), by: guid, at }),
  /** A sprint was created, edited or deleted (its tasks may have changed lane): refetch sprints. */
  z.object({ type: z.literal("sprints_changed"), project: guid, by: guid, at }),
  /** A comment on `task` was added, edited or deleted: refetch that task's comments. */
  z.object({ type: z.literal("comments_changed"), project: guid, task: guid, by: guid, at }),
  /** What lines and cards show (the views mapping) changed: refetch the board's mapping. */
  z.object({ type: z.literal("views_changed"), project: guid, by: guid, at }),
  /**
   * Documents were created, renamed, moved, shared or deleted (`docs` names the guids touched,
   * a deleted subtree included): open document trees refetch the list.
   */
  z.object({ type: z.literal("docs_changed"), project: guid, docs: z.array(guid).max(5000), by: guid, at }),
  /**
   * Someone pushed to the repository `repo` (branches or tags moved): open commit lists and
   * trees of it read it again.
   */
  z.object({ type: z.literal("git_pushed"), project: guid, repo: guid, by: guid, at }),
  /**
   * The project's repository list changed: `repo` was created, imported, renamed, given another
   * default branch or deleted. Open repository lists read it again.
   */
  z.object({ type: z.literal("repos_changed"), project: guid, repo: guid, by: guid, at }),
]);
export type ProjectMessage = z.infer<typeof projectMessage>;

/**
 * What the room says to each socket as it opens: when it last published a change (milliseconds
 * since the epoch, the room's clock; null when it never published one). A page whose data were
 * read after that moment has missed nothing and need not read them again (`missedChanges`).
 */
export const projectHello = z.object({ type: z.literal("hello"), changed_at: at.nullable() });
export type ProjectHello = z.infer<typeof projectHello>;

/** Every frame the room pushes: the opening hello, then change notices. */
export const projectFrame = z.union([projectHello, projectMessage]);

/** What the room answers to anything a client sends. */
export const projectError = z.object({ type: z.literal("error"), code: z.enum(["unsupported"]) });
export type ProjectError = z.infer<typeof projectError>;
