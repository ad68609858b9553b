/**
 * The task on screen and its saves. A change shows at once and is sent as
 * `PUT /issue/{uid} {custom_fields:[{guid, value}]}`; a refusal (a forbidden workflow move, a
 * bad value) puts the old value back and is returned as the server's translated text. Saves
 * go out one after another, and the server's answer replaces the task only once none is
 * pending, so an older answer never undoes a newer change on screen.
 */
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TaskView } from "../../../domain/wire/task-view";
import type { ValueView } from "../../../domain/wire/task-view";
import { serverErrors } from "../../components/ui/form-errors";
import { useSerial } from "../../lib/use-serial";
import { useApi } from "../shell/errors";

export interface ValueWrite {
  guid: string;
  value: unknown;
  /** For individual fields (votes): whose value; one may only write one's own. */
  participant_value?: string | null;
}

const sameSlot = (a: { guid: string; participant_value?: string | null }, b: { guid: string; participant_value?: string | null }) =>
  a.guid === b.guid && (a.participant_value ?? null) === (b.participant_value ?? null);

/** The task's values with `writes` applied (null clears). */
export function withValues(task: TaskView, writes: ValueWrite[], slugOf: (guid: string) => string | null): TaskView {
  let values: ValueView[] = task.custom_fields;
  for (const w of writes) {
    values = values.filter((v) => !sameSlot(v, w));
    if (w.value !== null) values = [...values, { guid: w.guid, slug: slugOf(w.guid), value: w.value, participant_value: w.participant_value ?? null }];
  }
  return { ...task, custom_fields: values };
}

export function useTaskEditor(projectGuid: string, loaded: TaskView, slugOf: (guid: string) => string | null, onSaved: () => void) {
  const { t } = useTranslation("task");
  const api = useApi();
  const serial = useSerial();
  const [task, setTask] = useState(loaded);
  const pending = useRef(0);
  const shown = useRef(task);
  shown.current = task;
  // Fresh data from the server (a reload, someone else's change) replaces what is shown.
  useEffect(() => {
    if (pending.current === 0) setTask(loaded);
  }, [loaded]);

  /** Saves values; resolves to an error text when the server refused (the old values are back then). */
  const save = async (writes: ValueWrite[]): Promise<string | undefined> => {
    const before = shown.current;
    setTask((current) => withValues(current, writes, slugOf));
    pending.current += 1;
    const result = await serial(() => api<TaskView>("PUT", `/v1/project/${projectGuid}/issue/${loaded.guid}`, { custom_fields: writes }, { quiet: true }));
    pending.current -= 1;
    if (result.error) {
      // Put back just these fields: other changes made meanwhile stay.
      const old = before.custom_fields;
      setTask((current) => ({ ...current, custom_fields: [...current.custom_fields.filter((v) => !writes.some((w) => sameSlot(v, w))), ...old.filter((v) => writes.some((w) => sameSlot(v, w)))] }));
      return serverErrors(result.error, t).detail;
    }
    if (pending.current === 0) setTask(result.data);
    onSaved();
    return undefined;
  };
  return { task, save };
}
