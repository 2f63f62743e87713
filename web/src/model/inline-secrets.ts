import { hasUriSecret } from "../../../src/shared/uri-secrets";
import type { WorkflowDoc } from "./workflow";

/**
 * The tools whose config keeps a database password as typed (a database Input's connection
 * URI): a saved or downloaded workflow file holds it in clear, where a stored connection
 * would keep it encrypted on the Server.
 */
export function toolsWithInlineSecrets(doc: WorkflowDoc): string[] {
  return doc.tools
    .filter((tool) => {
      const uri = (tool.config as { connection?: { uri?: unknown } }).connection?.uri;
      return typeof uri === "string" && hasUriSecret(uri);
    })
    .map((tool) => tool.id);
}

/** What a save message adds when the file keeps passwords: "" when it keeps none. */
export function inlineSecretsNote(toolIds: readonly string[]): string {
  if (toolIds.length === 0) return "";
  const which =
    toolIds.length === 1 ? `${toolIds[0]}'s database password` : `the database passwords of ${toolIds.join(", ")}`;
  return `. The file keeps ${which} as typed: a stored connection (Connections) keeps it encrypted on the Server`;
}
