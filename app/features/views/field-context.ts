/** The field context of a view: built once per board read. */
import { useMemo } from "react";
import type { TaskView } from "../../../workers/services/tasks";
import type { FieldContext } from "../../components/ui/field-value";
import type { ViewProps } from "./types";

export function useFieldContext(props: Pick<ViewProps, "projectGuid" | "definitions" | "participants" | "board">, tasks: readonly TaskView[]): FieldContext {
  const { projectGuid, definitions, participants, board } = props;
  return useMemo(
    () => ({
      projectGuid,
      fields: new Map(definitions.map((f) => [f.guid, f])),
      people: new Map(participants.map((p) => [p.guid, p])),
      participants,
      sprints: board.sprints,
      tasks: new Map(tasks.map((t) => [t.guid, t])),
      titleField: definitions.find((f) => f.slug === "title")?.guid ?? "",
    }),
    [projectGuid, definitions, participants, board.sprints, tasks],
  );
}

