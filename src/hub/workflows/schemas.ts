import { z } from "@hono/zod-openapi";
import { WorkflowSchema } from "../../shared/workflow";
import { ListQuery } from "../lists";

/** The ending of a workflow file's name, as the Server's file routes read and write them. */
export const WORKFLOW_FILE_SUFFIX = ".weft.json";

const timestamp = z.string().openapi({ format: "date-time" });
const Name = z.string().trim().min(1, "must not be empty").max(200, "at most 200 characters");
const Description = z.string().trim().max(2000, "at most 2000 characters").nullable().optional();
const Message = z.string().trim().max(1000, "at most 1000 characters").optional();
const RevisionNumber = z.coerce.number().int().min(1);

export const IdParam = z.object({ id: z.string().openapi({ param: { name: "id", in: "path" } }) });
export const RevisionParam = IdParam.extend({
  n: RevisionNumber.openapi({ param: { name: "n", in: "path" }, description: "A revision number (from 1)" }),
});

/** The list's query: paging, the name filter, and an owner. */
export const WorkflowListQuery = ListQuery.extend({
  owner_id: z.string().max(200).optional().openapi({ description: "Only workflows of this owner" }),
});
export type WorkflowListQuery = z.infer<typeof WorkflowListQuery>;

export const DiffQuery = z.object({
  from: RevisionNumber.optional().openapi({ description: "Default: the revision before `to`" }),
  to: RevisionNumber.optional().openapi({ description: "Default: the newest revision" }),
});

export const DownloadQuery = z.object({
  revision: RevisionNumber.optional().openapi({ description: "Default: the newest revision" }),
});

/**
 * The content of a workflow in a request: the workflow JSON (the shared contract the Server
 * runs). The route's check is for the docs and the first error; the service checks it again,
 * with the tool catalogue, and stores the JSON as sent.
 */
const Content = WorkflowSchema;

export const CreateWorkflowBody = z.object({ name: Name, description: Description, content: Content }).strict();
export const UpdateWorkflowBody = z
  .object({
    name: Name.optional(),
    description: Description,
    owner_id: z.string().min(1).optional().openapi({ description: "Hand the workflow to another user (admin)" }),
  })
  .strict()
  .refine((b) => b.name !== undefined || b.description !== undefined || b.owner_id !== undefined, {
    message: "give a name, a description or an owner_id to change",
  });
export type UpdateWorkflowBody = z.infer<typeof UpdateWorkflowBody>;

export const SaveContentBody = z.object({ content: Content, message: Message }).strict();

export const WorkflowSummarySchema = z
  .object({
    id: z.string(),
    name: z.string(),
    description: z.string().nullable(),
    /** Null once the owner's account is deleted (an admin can hand it on). */
    owner_id: z.string().nullable(),
    /** The newest revision's number. */
    revision: z.number().int(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .openapi("HubWorkflow");
export type WorkflowSummary = z.infer<typeof WorkflowSummarySchema>;

export const WorkflowDetailSchema = WorkflowSummarySchema.extend({
  content_sha256: z.string(),
  content: z.record(z.string(), z.unknown()).openapi({ description: "The newest revision's workflow JSON" }),
}).openapi("HubWorkflowDetail");

export const WorkflowListSchema = z
  .object({ workflows: z.array(WorkflowSummarySchema), total: z.number().int() })
  .openapi("HubWorkflowList");

export const ContentSavedSchema = WorkflowSummarySchema.extend({
  revision_created: z.boolean().openapi({ description: "False when the content equals the newest revision's" }),
}).openapi("HubWorkflowContentSaved");

export const RevisionSchema = z
  .object({
    revision: z.number().int(),
    message: z.string().nullable(),
    author_id: z.string().nullable(),
    created_at: timestamp,
    content_sha256: z.string(),
  })
  .openapi("HubWorkflowRevision");
export type RevisionSummary = z.infer<typeof RevisionSchema>;

export const RevisionDetailSchema = RevisionSchema.extend({
  content: z.record(z.string(), z.unknown()),
}).openapi("HubWorkflowRevisionDetail");

export const RevisionListSchema = z
  .object({ revisions: z.array(RevisionSchema), total: z.number().int() })
  .openapi("HubWorkflowRevisionList");

const WireEndsSchema = z.object({
  source: z.string(),
  source_socket: z.string(),
  target: z.string(),
  target_socket: z.string(),
});

export const DiffSchema = z
  .object({
    from: z.number().int(),
    to: z.number().int(),
    tools_added: z.array(z.string()),
    tools_removed: z.array(z.string()),
    tools_changed: z.array(
      z.object({
        id: z.string(),
        type: z.string(),
        config_keys_changed: z.array(z.string()),
        fields_changed: z.array(z.string()).openapi({ description: "type, label, engine; position when also moved" }),
      }),
    ),
    tools_moved: z.array(z.string()).openapi({ description: "Tools whose only change is their position" }),
    wires_added: z.array(WireEndsSchema),
    wires_removed: z.array(WireEndsSchema),
  })
  .openapi("HubWorkflowDiff");
