/**
 * bpmn-moddle (the XML reader bpmn-js imports diagrams with) ships no types for its entry; the
 * tests use it to prove a BPMN draft reads as bpmn-js would read it.
 */
declare module "bpmn-moddle" {
  export function BpmnModdle(): { fromXML(xml: string): Promise<{ rootElement: unknown; warnings: unknown[] }> };
}
