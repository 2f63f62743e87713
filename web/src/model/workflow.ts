import type {
  ToolNode as SharedToolNode,
  Wire as SharedWire,
  Workflow as SharedWorkflow,
} from "../../../src/shared/workflow";

/**
 * A workflow as the designer edits it and as `.weft.json` files hold it: the shared workflow
 * contract (src/shared/workflow.ts, what the Server validates and the Hub stores), narrowed
 * to what the editor always fills in (`parseWorkflow`): a position for every tool, an id for
 * every wire, and a name.
 */

export type Position = NonNullable<SharedToolNode["position"]>;

export interface ToolNode extends SharedToolNode {
  position: Position;
}

export interface Wire extends SharedWire {
  id: string;
}

export interface WorkflowDoc extends SharedWorkflow {
  meta: SharedWorkflow["meta"] & { name: string };
  tools: ToolNode[];
  wires: Wire[];
}

/** The name of a workflow nobody has named yet. */
export const UNTITLED = "Untitled workflow";

/** A new, empty workflow with a fresh id. */
export function emptyWorkflow(name = UNTITLED): WorkflowDoc {
  return { meta: { workflow_id: `wf-${crypto.randomUUID()}`, name }, tools: [], wires: [] };
}

/** What the API takes: the document as it is (positions and labels do not change results). */
export function toApiWorkflow(doc: WorkflowDoc): WorkflowDoc {
  return JSON.parse(JSON.stringify(doc)) as WorkflowDoc;
}

/**
 * A document read from a file or storage, checked enough that the editor can hold it:
 * a clear Error naming what is wrong otherwise.
 */
export function parseWorkflow(text: string): WorkflowDoc {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new Error(`Not a workflow file: ${(err as Error).message}`);
  }
  const doc = value as Partial<WorkflowDoc>;
  if (!doc || typeof doc !== "object" || !doc.meta || typeof doc.meta.workflow_id !== "string") {
    throw new Error("Not a workflow file: meta.workflow_id is missing");
  }
  if (!Array.isArray(doc.tools)) throw new Error("Not a workflow file: tools is not a list");
  const tools = doc.tools.map((tool, i) => ({
    ...tool,
    config: tool.config ?? {},
    position: tool.position ?? { x: 80 + (i % 6) * 180, y: 80 + Math.floor(i / 6) * 120 },
  }));
  const wires = (doc.wires ?? []).map((wire, i) => ({ ...wire, id: wire.id ?? `w${i + 1}` }));
  const meta = { ...doc.meta, name: typeof doc.meta.name === "string" ? doc.meta.name : UNTITLED };
  return { meta, tools, wires } as WorkflowDoc;
}

/** `revenue-by-segment.weft.json` → `revenue-by-segment`. */
export function nameFromFileName(fileName: string): string {
  return fileName.replace(/(\.weft)?\.json$/i, "") || fileName;
}

/**
 * `doc` named after the file it was saved to or opened from (`nameFromFileName`) while it is
 * untitled or unnamed, so the toolbar and the run history show that name; a name someone
 * gave it is kept. The same `doc` when nothing changes.
 */
export function namedAfterFile(doc: WorkflowDoc, fileName: string): WorkflowDoc {
  if (!isUntitled(doc.meta.name)) return doc;
  return { ...doc, meta: { ...doc.meta, name: nameFromFileName(fileName) } };
}

/** Still the name a new workflow gets, or blank. */
export const isUntitled = (name: string): boolean => name.trim() === "" || name === UNTITLED;
