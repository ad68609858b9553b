/** Every operation of the API, in the order the reference page shows them. */
import { accountOperations } from "./accounts";
import { blogOperations } from "./blog";
import { fieldOperations } from "./fields";
import { helpOperations } from "./help";
import { jiraImportOperations, jiraOperations } from "./jira";
import { planningOperations } from "./planning";
import { projectOperations } from "./projects";
import type { Operation } from "./registry";
import { documentOperations, roomOperations } from "./rooms-docs";

/** The document and the page describe themselves too. */
const metaOperations: Operation[] = [
  { method: "get", path: "/openapi.json", tag: "Reference", access: "public", summary: "This API as an OpenAPI 3.1 document.", ok: { status: 200, description: "The document." } },
  { method: "get", path: "/docs", tag: "Reference", access: "public", summary: "This API's reference, as a page for people.", ok: { status: 200, description: "The page.", media: "text/html" } },
];

export const operations: readonly Operation[] = [
  ...accountOperations,
  ...projectOperations,
  ...fieldOperations,
  ...planningOperations,
  ...documentOperations,
  ...roomOperations,
  ...helpOperations,
  ...blogOperations,
  ...jiraOperations,
  ...jiraImportOperations,
  ...metaOperations,
];
