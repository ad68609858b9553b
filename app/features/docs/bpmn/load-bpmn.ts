/**
 * The one door to bpmn-js. The dynamic imports keep it out of every other chunk (readers get
 * only the viewer); on the server build the branch is dropped entirely (`import.meta.env.SSR`
 * is a constant there), so the Worker bundle never carries the library.
 */
import type { CreateBpmn } from "./bpmn-options";

export async function loadBpmn(readOnly: boolean): Promise<CreateBpmn> {
  if (import.meta.env.SSR) throw new Error("bpmn-js runs in the browser only");
  const module = readOnly ? await import("./viewer") : await import("./modeler");
  return module.createBpmn;
}
