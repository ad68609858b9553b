/**
 * bpmn-js asks for its palette and context-pad labels in English; these are the ones we
 * translate (`docs-kinds:bpmn.tools.*`). Labels not listed (the element-type names of the
 * "change element" menu) stay in English, as bpmn-js ships them.
 */
export const TOOL_LABELS: Readonly<Record<string, string>> = {
  "Activate hand tool": "hand",
  "Activate lasso tool": "lasso",
  "Activate create/remove space tool": "space",
  "Activate global connect tool": "connect",
  "Create start event": "startEvent",
  "Create intermediate/boundary event": "intermediateEvent",
  "Create end event": "endEvent",
  "Create gateway": "gateway",
  "Create task": "task",
  "Create data object reference": "dataObject",
  "Create data store reference": "dataStore",
  "Create expanded sub-process": "subProcess",
  "Create pool/participant": "pool",
  "Create group": "group",
  "Append end event": "appendEndEvent",
  "Append gateway": "appendGateway",
  "Append task": "appendTask",
  "Append intermediate/boundary event": "appendIntermediateEvent",
  "Append text annotation": "appendAnnotation",
  "Add text annotation": "addAnnotation",
  "Change element": "change",
  Delete: "delete",
  "Connect to other element": "connectOther",
  "Connect using association": "connectAssociation",
  "Connect using data input association": "connectDataInput",
  "Add lane above": "laneAbove",
  "Add lane below": "laneBelow",
  "Divide into two lanes": "twoLanes",
  "Divide into three lanes": "threeLanes",
  "Search in diagram": "search",
};
