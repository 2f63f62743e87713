import { ValidationError } from "../shared/errors";
import type { ToolDef } from "../tools/types";

/**
 * What the plan needs of each tool type: its sockets (the graph checks of
 * tools/validate-graph.ts, which the Hub shares) and what building and hashing it reads.
 */
export type ToolCatalog = Readonly<
  Record<string, Pick<ToolDef, "inputs" | "outputs" | "blocking" | "blockingFor" | "config">>
>;

/** A tool id the request names that the workflow does not hold. */
export function unknownToolError(toolId: string): ValidationError {
  return new ValidationError(`Tool "${toolId}" is not in the workflow`);
}
