/** The kinds of things an audit event names by id, whose names the Hub can look up. */
export type NameKind = "user" | "workflow" | "server" | "group" | "grant_group" | "connection" | "schedule";

/**
 * The names the sentences use (activity-sentence.ts), looked up before a page is shown
 * (name-book.ts). Pure lookups: undefined when a name is unknown (not looked up yet, or the
 * thing was deleted), and the sentence then says what the event itself recorded.
 */
export interface Names {
  of(kind: NameKind, id: string | null | undefined): string | undefined;
  /** The workflow an execution ran, when looked up. */
  workflowOfExecution(id: string | null | undefined): string | undefined;
}

/** Knows no names: every sentence falls back to what its event recorded. */
export const NO_NAMES: Names = { of: () => undefined, workflowOfExecution: () => undefined };

/** Names from fixed maps (tests, and what the name book collected). */
export function namesFrom(
  known: Partial<Record<NameKind, Record<string, string>>>,
  executionWorkflows: Record<string, string> = {},
): Names {
  return {
    of: (kind, id) => (id ? known[kind]?.[id] : undefined),
    workflowOfExecution: (id) => (id ? executionWorkflows[id] : undefined),
  };
}
