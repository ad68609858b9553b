/**
 * The condition every read of tasks carries (issue 15): a task in the trash (`deleted_at` set,
 * see task-trash.ts) is gone for everyone until Undo or the purge. A leaf module, so that every
 * service can import it without an import circle.
 */
import { isNull } from "drizzle-orm";
import { tasks } from "../db/schema";

export const notDeleted = isNull(tasks.deletedAt);
