/** The field context of a view: built once per board read. */
import { useMemo } from "react";
import type { BoardTaskView } from "../../../domain/wire/task-view";
import { type FieldContext, titleOf } from "../../components/fields/context";
import type { ViewProps } from "./types";

export function useFieldContext(props: Pick<ViewProps, "projectGuid" | "definitions" | "participants" | "board">, tasks: readonly BoardTaskView[]): FieldContext {
  const { projectGuid, definitions, participants, board } = props;
  return useMemo(() => {
    const byGuid = new Map(tasks.map((t) => [t.guid, t]));
    const titleField = definitions.find((f) => f.slug === "title")?.guid ?? "";
    return {
      projectGuid,
      fields: new Map(definitions.map((f) => [f.guid, f])),
      people: new Map(participants.map((p) => [p.guid, p])),
      participants,
      sprints: board.sprints,
      tasks: byGuid,
      titleField,
      task: (guid: string) => {
        const task = byGuid.get(guid);
        return task && { guid: task.guid, number: task.number, title: titleOf(task, titleField) };
      },
    };
  }, [projectGuid, definitions, participants, board.sprints, tasks]);
}
