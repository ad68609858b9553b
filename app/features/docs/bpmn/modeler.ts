/** The BPMN modeler and its CSS: its own chunk, loaded only for people who may edit. */
import "bpmn-js/dist/assets/diagram-js.css";
import "bpmn-js/dist/assets/bpmn-js.css";
import "bpmn-js/dist/assets/bpmn-font/css/bpmn-embedded.css";
import "./bpmn-theme.css";
import Modeler from "bpmn-js/lib/Modeler";
import { type BpmnInstance, rendererOptions, translateModule } from "./bpmn-options";

export function createBpmn(container: HTMLElement, translate: (english: string) => string): BpmnInstance {
  return new Modeler({ container, bpmnRenderer: rendererOptions, additionalModules: [translateModule(translate)] }) as unknown as BpmnInstance;
}
