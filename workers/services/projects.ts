import { asc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { participants, projects } from "../db/schema";
import { newGuid } from "./ids";

/** The statements that create a project with its creator as root participant (for db.batch). */
export function createProjectStatements(db: Db, ownerId: string, name: string, description = "") {
  const projectId = newGuid();
  return {
    projectId,
    statements: [
      db.insert(projects).values({ id: projectId, name, description, ownerId }),
      db.insert(participants).values({
        id: newGuid(),
        projectId,
        userId: ownerId,
        isVerifications: true,
        root: true,
        write: true,
        read: true,
      }),
    ] as const,
  };
}

export interface ProjectSummary {
  guid: string;
  name: string;
  description: string;
  hidden: boolean;
  archive: boolean;
  sort: number;
  updatedAt: number;
}

/** The projects a user takes part in, in their own order. */
export async function listProjectsForUser(db: Db, userId: string): Promise<ProjectSummary[]> {
  return db
    .select({
      guid: projects.id,
      name: projects.name,
      description: projects.description,
      hidden: projects.hidden,
      archive: projects.archive,
      sort: participants.sort,
      updatedAt: projects.updatedAt,
    })
    .from(participants)
    .innerJoin(projects, eq(projects.id, participants.projectId))
    .where(eq(participants.userId, userId))
    .orderBy(asc(participants.sort), asc(projects.createdAt));
}
