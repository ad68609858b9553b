/** Every operation of the API, in the order the reference page shows them. */
import { accountOperations } from "./accounts";
import { aiOperations } from "./ai";
import { billingOperations } from "./billing";
import { blogOperations } from "./blog";
import { fieldOperations } from "./fields";
import { gitOperations } from "./git";
import { helpOperations } from "./help";
import { meetingOperations } from "./meetings";
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
  ...aiOperations,
  ...gitOperations,
  ...meetingOperations,
  ...helpOperations,
  ...blogOperations,
  ...billingOperations,
  ...jiraOperations,
  ...jiraImportOperations,
  ...metaOperations,
];
