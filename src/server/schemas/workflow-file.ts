import { z } from "@hono/zod-openapi";
import { WorkflowSchema } from "../../shared/workflow";

/** Requests and answers of opening and saving `.weft.json` files (routes/workflow-file.ts). */

const WORKFLOW_PATH = z.string().openapi({
  description:
    'An absolute path whose name ends with ".weft.json", also after `..` and links are resolved; the same roots as every file route',
  example: "/home/me/workflows/sales.weft.json",
});

export const ReadQuery = z.object({ path: WORKFLOW_PATH });

export const WorkflowFileWriteRequest = z
  .object({
    path: WORKFLOW_PATH,
    // Written as sent (indented), once it passes the schema.
    workflow: WorkflowSchema,
    overwrite: z
      .boolean()
      .optional()
      .openapi({ description: "Replace an existing file (without it, an existing file is 409)" }),
    expected_modified: z.iso.datetime({ offset: true }).optional().openapi({
      description:
        "The `modified` this client read or wrote last: 409 when the file changed since or is gone (someone else saved)",
    }),
  })
  .openapi("WorkflowFileWrite");

export const WorkflowFileResponse = z
  .object({
    path: z.string().openapi({ description: "The file's real path" }),
    // The file's JSON as it is.
    workflow: WorkflowSchema,
    modified: z.string().openapi({ description: "ISO 8601, UTC, to the millisecond" }),
  })
  .openapi("WorkflowFile");

export const WorkflowWrittenResponse = z
  .object({ path: z.string(), modified: z.string(), size: z.number().int().openapi({ description: "Bytes written" }) })
  .openapi("WorkflowFileWritten");

export type WorkflowFileWrite = z.input<typeof WorkflowFileWriteRequest>;
export type WorkflowFile = z.infer<typeof WorkflowFileResponse>;
export type WorkflowWritten = z.infer<typeof WorkflowWrittenResponse>;
