/**
 * Which tool an error of the Server is about. The Server names the tool at fault in its
 * messages (`Tool "filter_1" (filter): ...`, `Tool "x", expression: ...`, and for wires
 * `Wire "w1" into tool "b" comes from tool "a", which is not in the workflow`); the first
 * quoted name that is a tool of the workflow wins.
 */
export function toolOfError(detail: string, toolIds: Iterable<string>): string | undefined {
  const ids = new Set(toolIds);
  for (const match of detail.matchAll(/\btool "((?:[^"\\]|\\.)*)"/gi)) {
    const id = match[1];
    if (id !== undefined && ids.has(id)) return id;
  }
  return undefined;
}

/** An error as the UI shows it: message, HTTP status (0 when the Server was not reached). */
export interface Failure {
  message: string;
  status: number;
}

export function failureOf(error: unknown): Failure {
  if (error && typeof error === "object" && "status" in error && typeof error.status === "number") {
    return { message: error instanceof Error ? error.message : String(error), status: error.status };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { message: `The Server did not answer: ${message}`, status: 0 };
}

/** Whether an error is the abort of a superseded request (not worth showing). */
export function isAbort(error: unknown): boolean {
  return error instanceof DOMException ? error.name === "AbortError" : (error as Error)?.name === "AbortError";
}

/**
 * How a run ended badly, in one line for a person: `Sort (sort_1) needs setup: Choose a
 * column to sort by` (not sent), `Run failed at Sort (sort_1): <reason>`. `name` gives a
 * tool's name (its label, else its type's).
 */
export function runFailureLine(failure: Failure & { toolId?: string; setup?: boolean }, name: (id: string) => string) {
  const tool = failure.toolId === undefined ? undefined : `${name(failure.toolId)} (${failure.toolId})`;
  if (failure.setup && tool) return `${tool} needs setup: ${failure.message}`;
  return `Run failed${tool ? ` at ${tool}` : ""}: ${failure.message}`;
}
