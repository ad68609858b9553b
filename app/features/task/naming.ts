import type { DescribeContext } from "../../../domain/activity/describe";
import type { ParticipantView } from "../../../workers/services/projects";
import type { NamingData } from "./types";

/** Merges pages of names (each "Load more" brings its own). */
export function mergeNaming(a: NamingData, b: NamingData): NamingData {
  return {
    fields: b.fields.length ? b.fields : a.fields,
    people: { ...a.people, ...b.people },
    sprints: { ...a.sprints, ...b.sprints },
    tasks: { ...a.tasks, ...b.tasks },
  };
}

/** The describer's context from loader names and the project's current people. */
export function describeContext(naming: NamingData, participants: readonly ParticipantView[]): DescribeContext {
  return {
    fields: naming.fields,
    people: new Map([...Object.entries(naming.people), ...participants.map((p) => [p.guid, p.name] as [string, string])]),
    sprints: new Map(Object.entries(naming.sprints)),
    tasks: new Map(Object.entries(naming.tasks)),
  };
}
