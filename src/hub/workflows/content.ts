import { PayloadTooLargeError, ValidationError } from "../../shared/errors";
import { canonicalJson, sha256Hex } from "../../shared/hash";
import { MAX_WORKFLOW_BYTES, type Workflow, WorkflowSchema } from "../../shared/workflow";
import { describeZodError } from "../../shared/zod-detail";
import { TOOL_CATALOG } from "../../tools/catalog";
import { validateGraph } from "../../tools/validate-graph";

/** A workflow's content, checked and ready to store as a revision. */
export interface PreparedContent {
  /** The workflow as the shared contract reads it (defaults filled in). */
  workflow: Workflow;
  /** The stored text, the `.weft.json` file: the JSON as sent (fields the contract does not know kept), indented. */
  text: string;
  /** SHA-256 of the canonical JSON (keys sorted): equal content, equal hash, whatever the key order. */
  sha256: string;
}

/** The workflow a stored (already valid) revision holds. */
export function readStoredContent(text: string): Workflow {
  return WorkflowSchema.parse(JSON.parse(text));
}

/**
 * Checks `content` as the Server would before running it, without the engine: the shared
 * workflow contract (400 naming the field), then the graph against the tool catalogue (400
 * naming the tool, socket or wire: unknown types, missing sockets, wires to tools that are
 * not there, cycles). Tool configs are not checked: a stored workflow may hold tools still
 * being set up, as a workflow being drawn does; the Server checks the configs a run needs.
 * A revision is at most MAX_WORKFLOW_BYTES (413), the Server's own bound on a workflow file.
 */
export function prepareContent(content: unknown): PreparedContent {
  const parsed = WorkflowSchema.safeParse(content);
  if (!parsed.success) throw new ValidationError(`Invalid workflow: ${describeZodError(parsed.error, "content")}`);
  validateGraph(parsed.data, TOOL_CATALOG);
  const text = `${JSON.stringify(content, null, 2)}\n`;
  const bytes = Buffer.byteLength(text);
  if (bytes > MAX_WORKFLOW_BYTES) {
    throw new PayloadTooLargeError(
      `The workflow is ${bytes} bytes as a file, over the limit of ${MAX_WORKFLOW_BYTES} bytes (10 MiB)`,
    );
  }
  return { workflow: parsed.data, text, sha256: sha256Hex(canonicalJson(content)) };
}
