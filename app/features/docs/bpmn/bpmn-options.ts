/** Options shared by the BPMN modeler and viewer (no bpmn-js import here: it stays lazy). */

/** Renders shapes in the page's theme colours (bpmn-js sets fill and stroke as inline styles). */
export const rendererOptions = {
  defaultFillColor: "var(--bpmn-fill)",
  defaultStrokeColor: "var(--bpmn-stroke)",
  defaultLabelColor: "var(--bpmn-stroke)",
};

/** bpmn-js's `translate(template, replacements)` service over our messages. */
export function translateModule(translate: (english: string) => string) {
  const fn = (template: string, replacements?: Record<string, string>) =>
    translate(template).replace(/{([^}]+)}/g, (_, key: string) => replacements?.[key] ?? `{${key}}`);
  return { translate: ["value", fn] };
}

/** What the editor uses of either bpmn-js instance. */
export interface BpmnInstance {
  importXML(xml: string): Promise<{ warnings: unknown[] }>;
  saveXML(options?: { format?: boolean }): Promise<{ xml?: string }>;
  on(event: string, callback: (event: { trigger?: string }) => void): void;
  get<T>(name: string): T;
  destroy(): void;
}

export interface CanvasService {
  zoom(level?: number | "fit-viewport", center?: "auto" | { x: number; y: number }): number;
  viewbox(box?: { x: number; y: number; width: number; height: number }): { x: number; y: number; width: number; height: number; scale: number };
  resized(): void;
}

export type CreateBpmn = (container: HTMLElement, translate: (english: string) => string) => BpmnInstance;
