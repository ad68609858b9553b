/** A meeting's chat as a text document (meeting notes): the Y.Doc update a new document starts from. */
import * as Y from "yjs";
import { Y_TEXT_FIELD } from "../docs/layout";
import type { ChatMessage } from "../wire/live/meeting";

/** The longest title a document gets from a meeting's name. */
const TITLE_MAX = 200;

export function notesTitle(meeting: string, date: string): string {
  return `${meeting} — ${date}`.slice(0, TITLE_MAX);
}

/**
 * A heading with the meeting's name and description, then one paragraph per message:
 * "HH:MM Name: text", in the order the room kept them. `time` formats a timestamp.
 */
export function notesUpdate(meeting: { name: string; description: string }, messages: readonly ChatMessage[], time: (ms: number) => string): Uint8Array {
  const doc = new Y.Doc();
  const fragment = doc.getXmlFragment(Y_TEXT_FIELD);
  const block = (name: string, text: string, attrs: Record<string, string> = {}) => {
    const element = new Y.XmlElement(name);
    for (const [k, v] of Object.entries(attrs)) element.setAttribute(k, v);
    element.insert(0, [new Y.XmlText(text)]);
    return element;
  };
  fragment.insert(0, [
    block("heading", meeting.name, { level: "1" }),
    ...(meeting.description ? [block("paragraph", meeting.description)] : []),
    ...messages.map((m) => block("paragraph", `${time(m.timestamp)} ${m.name}: ${m.text}`)),
  ]);
  return Y.encodeStateAsUpdate(doc);
}
