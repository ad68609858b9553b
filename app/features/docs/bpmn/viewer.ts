/** The BPMN navigated viewer (pan and zoom, no editing) and its CSS, for read-only readers. */
import "bpmn-js/dist/assets/diagram-js.css";
import "bpmn-js/dist/assets/bpmn-js.css";
import "./bpmn-theme.css";
import NavigatedViewer from "bpmn-js/lib/NavigatedViewer";
import { type BpmnInstance, rendererOptions, translateModule } from "./bpmn-options";

export function createBpmn(container: HTMLElement, translate: (english: string) => string): BpmnInstance {
  return new NavigatedViewer({ container, bpmnRenderer: rendererOptions, additionalModules: [translateModule(translate)] }) as unknown as BpmnInstance;
}
