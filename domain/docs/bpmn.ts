/**
 * How a BPMN diagram is kept in its Y.Doc and how two people saving it at once are kept from
 * overwriting each other silently (issue 6).
 *
 * BPMN XML is a whole-file format: bpmn-js gives the full XML after each change, and merging
 * two XML files by text would produce diagrams that do not open. So the diagram is stored as a
 * whole in the map `bpmn` (`layout.ts`): `xml`, `rev` (saves counted from 1), and two keys that
 * make a save traceable: `id` (a random id of that save) and `parent` (the id of the save it was
 * based on). All four are written in one transaction, so every replica sees one save's values.
 *
 * The rule is optimistic concurrency on the save id:
 * - A save is written only if the map still holds the save the editor's content was based on.
 *   Otherwise the save is refused locally and the user is asked: load theirs, or keep mine.
 * - A remote save is loaded into the editor when nothing local would be lost: no unsaved local
 *   edits, and the editor's content was either loaded from the map or is the parent of the new
 *   save. If the person's own last save was replaced by a save that was not built on it (two
 *   saves at the same moment: Yjs keeps one of them, the same one everywhere), the person whose
 *   save lost is told, with the same two choices. The winner is not interrupted.
 * - "Keep mine" writes the local diagram as a new save on top of theirs (a deliberate
 *   overwrite); "load theirs" drops the local changes.
 * A person who was offline and comes back to several saves made on top of theirs may be asked
 * although nothing was lost (only the last save's parent is known): asking too often is safe,
 * losing work silently is not.
 */
import * as Y from "yjs";
import { Y_BPMN_MAP } from "./layout";

/** A new diagram: one start event in one process. */
export const EMPTY_BPMN = `<?xml version="1.0" encoding="UTF-8"?>
<bpmn:definitions xmlns:bpmn="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" id="Definitions_1" targetNamespace="http://bpmn.io/schema/bpmn">
  <bpmn:process id="Process_1" isExecutable="false">
    <bpmn:startEvent id="StartEvent_1" />
  </bpmn:process>
  <bpmndi:BPMNDiagram id="BPMNDiagram_1">
    <bpmndi:BPMNPlane id="BPMNPlane_1" bpmnElement="Process_1">
      <bpmndi:BPMNShape id="StartEvent_1_di" bpmnElement="StartEvent_1">
        <dc:Bounds x="180" y="160" width="36" height="36" />
      </bpmndi:BPMNShape>
    </bpmndi:BPMNPlane>
  </bpmndi:BPMNDiagram>
</bpmn:definitions>
`;

/**
 * The id of the first save of a new diagram. Fixed, so two people opening a brand-new diagram
 * at the same moment write the same save and neither is told of a conflict.
 */
export const INITIAL_SAVE_ID = "initial";

/** Diagrams above this size are refused (the whole XML travels on every save). */
export const BPMN_MAX_CHARS = 2_000_000;

export interface BpmnSave {
  xml: string;
  rev: number;
  id: string;
  parent: string | null;
}

/** The save the map holds, or null for a document nobody has saved yet. */
export function readBpmn(ydoc: Y.Doc): BpmnSave | null {
  const map = ydoc.getMap<unknown>(Y_BPMN_MAP);
  const xml = map.get("xml");
  if (typeof xml !== "string" || !xml) return null;
  const rev = map.get("rev");
  const id = map.get("id");
  const parent = map.get("parent");
  return {
    xml,
    rev: typeof rev === "number" && Number.isFinite(rev) ? rev : 0,
    // A save written without an id (by hand or an older client) is named by its rev.
    id: typeof id === "string" ? id : `rev-${String(rev)}`,
    parent: typeof parent === "string" ? parent : null,
  };
}

function writeSave(ydoc: Y.Doc, save: BpmnSave, origin: unknown) {
  const map = ydoc.getMap<unknown>(Y_BPMN_MAP);
  ydoc.transact(() => {
    map.set("xml", save.xml);
    map.set("rev", save.rev);
    map.set("id", save.id);
    map.set("parent", save.parent);
  }, origin);
}

function randomId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

export type ConflictReason =
  /** Someone saved while this person had changes that were not saved yet. */
  | "changed_meanwhile"
  /** This person's last save was replaced by another one made at the same moment. */
  | "overwritten";

export type BpmnSyncEvent =
  | { type: "load"; xml: string; save: BpmnSave }
  | { type: "conflict"; reason: ConflictReason; theirs: BpmnSave }
  | { type: "saved"; save: BpmnSave }
  | { type: "resolved" };

export type SaveOutcome = { ok: true; save: BpmnSave } | { ok: false; reason: "conflict" | "too_large" | "unchanged" };

/**
 * One editor's view of the diagram in the Y.Doc. The editor reports edits (`edited`) and saves
 * (`save` with the XML); the object tells it what to show (`load`) and when to ask the person
 * (`conflict`). It has no knowledge of bpmn-js, so the rules are tested with plain Y.Docs.
 */
export class BpmnSync {
  /** The save the editor's content is based on (null: nothing loaded yet). */
  private base: BpmnSave | null = null;
  /** Whether `base` was written by this editor. */
  private baseIsMine = false;
  /** Local edits counted, and how many of them the last save included. */
  private edits = 0;
  private savedEdits = 0;
  private pending: { reason: ConflictReason; theirs: BpmnSave } | null = null;
  private readonly observer: (event: Y.YMapEvent<unknown>, tr: Y.Transaction) => void;

  constructor(
    private readonly ydoc: Y.Doc,
    private readonly emit: (event: BpmnSyncEvent) => void,
  ) {
    this.observer = (_event, tr) => {
      if (tr.origin !== this) this.remoteChanged();
    };
  }

  /** Starts listening and loads what the map holds. */
  start() {
    this.ydoc.getMap(Y_BPMN_MAP).observe(this.observer);
    this.remoteChanged();
  }

  destroy() {
    this.ydoc.getMap(Y_BPMN_MAP).unobserve(this.observer);
  }

  /** Writes the one-start-event diagram if the document has none yet (call once synced). */
  initialize(): boolean {
    if (readBpmn(this.ydoc)) return false;
    const save: BpmnSave = { xml: EMPTY_BPMN, rev: 1, id: INITIAL_SAVE_ID, parent: null };
    writeSave(this.ydoc, save, this);
    this.base = save;
    this.baseIsMine = false;
    this.emit({ type: "load", xml: save.xml, save });
    return true;
  }

  /** The person changed the diagram; returns the edit count to pass to `save`. */
  edited(): number {
    this.edits += 1;
    return this.edits;
  }

  get dirty(): boolean {
    return this.edits !== this.savedEdits;
  }

  get conflict() {
    return this.pending;
  }

  /** The edit count right now, to read before fetching the XML to save. */
  get editCount(): number {
    return this.edits;
  }

  /**
   * Saves the editor's XML, which includes the first `upToEdit` edits. Refused (and the person
   * asked) when someone else saved since the editor's content was loaded or saved.
   */
  save(xml: string, upToEdit: number = this.edits): SaveOutcome {
    if (this.pending) return { ok: false, reason: "conflict" };
    if (xml.length > BPMN_MAX_CHARS) return { ok: false, reason: "too_large" };
    const current = readBpmn(this.ydoc);
    if (current && (!this.base || current.id !== this.base.id)) {
      if (current.xml === xml) {
        this.adopt(current, upToEdit);
        return { ok: false, reason: "unchanged" };
      }
      this.raise("changed_meanwhile", current);
      return { ok: false, reason: "conflict" };
    }
    if (current && current.xml === xml) {
      this.savedEdits = Math.max(this.savedEdits, upToEdit);
      return { ok: false, reason: "unchanged" };
    }
    return { ok: true, save: this.write(xml, current, upToEdit) };
  }

  /** Conflict resolved by loading the other person's diagram; local changes are dropped. */
  loadTheirs() {
    const current = readBpmn(this.ydoc);
    this.pending = null;
    this.savedEdits = this.edits;
    this.emit({ type: "resolved" });
    if (current) {
      this.base = current;
      this.baseIsMine = false;
      this.emit({ type: "load", xml: current.xml, save: current });
    }
  }

  /** Conflict resolved by writing the local diagram on top of theirs. */
  keepMine(xml: string, upToEdit: number = this.edits): SaveOutcome {
    if (xml.length > BPMN_MAX_CHARS) return { ok: false, reason: "too_large" };
    this.pending = null;
    this.emit({ type: "resolved" });
    return { ok: true, save: this.write(xml, readBpmn(this.ydoc), upToEdit) };
  }

  private write(xml: string, current: BpmnSave | null, upToEdit: number): BpmnSave {
    const save: BpmnSave = { xml, rev: (current?.rev ?? 0) + 1, id: randomId(), parent: current?.id ?? null };
    writeSave(this.ydoc, save, this);
    this.base = save;
    this.baseIsMine = true;
    this.savedEdits = Math.max(this.savedEdits, upToEdit);
    this.emit({ type: "saved", save });
    return save;
  }

  private adopt(current: BpmnSave, upToEdit: number) {
    this.base = current;
    this.baseIsMine = false;
    this.savedEdits = Math.max(this.savedEdits, upToEdit);
  }

  private raise(reason: ConflictReason, theirs: BpmnSave) {
    this.pending = { reason: this.pending?.reason ?? reason, theirs };
    this.emit({ type: "conflict", ...this.pending });
  }

  private remoteChanged() {
    const current = readBpmn(this.ydoc);
    if (!current) return;
    if (this.base && current.id === this.base.id) return;
    if (this.pending) {
      this.raise(this.pending.reason, current);
      return;
    }
    if (this.base && current.xml === this.base.xml && !this.dirty) {
      // Same diagram under another save id (e.g. both wrote the same XML): nothing to show or lose.
      this.adopt(current, this.edits);
      return;
    }
    if (this.dirty) {
      this.raise("changed_meanwhile", current);
      return;
    }
    if (this.base && this.baseIsMine && current.parent !== this.base.id) {
      this.raise("overwritten", current);
      return;
    }
    this.base = current;
    this.baseIsMine = false;
    this.emit({ type: "load", xml: current.xml, save: current });
  }
}
