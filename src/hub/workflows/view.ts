import type { RevisionMeta, WorkflowRow } from "./queries";
import type { RevisionSummary, WorkflowSummary } from "./schemas";

/** A workflow row as the API answers it. */
export function workflowBody(row: WorkflowRow): WorkflowSummary {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    owner_id: row.ownerId,
    revision: row.currentRevision,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A revision's facts as the API answers them (its content apart). */
export function revisionBody(row: RevisionMeta): RevisionSummary {
  return {
    revision: row.revision,
    message: row.message,
    author_id: row.authorId,
    created_at: row.createdAt.toISOString(),
    content_sha256: row.contentSha256,
  };
}
