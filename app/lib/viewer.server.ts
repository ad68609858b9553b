/** Who is looking at a page: the session cookie read on the server, as the API reads it. */
export { viewerOf } from "../../workers/services/pages/viewer";
