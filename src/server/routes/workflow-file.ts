import { createRoute, z } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import { newApiApp } from "../../http/openapi-app";
import { PayloadTooLargeError } from "../../shared/errors";
import type { FileAccessPolicy } from "../../shared/file-access";
import { WorkflowSchema } from "../../shared/workflow";
import { MAX_WORKFLOW_BYTES, readWorkflowFile, writeWorkflowFile } from "../services/workflow-file";

const WORKFLOW_PATH = z.string().openapi({
  description:
    'An absolute path whose name ends with ".weft.json", also after `..` and links are resolved; the same roots as every file route',
  example: "/home/me/workflows/sales.weft.json",
});

const ReadQuery = z.object({ path: WORKFLOW_PATH });

const WriteRequest = z
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

const ReadResponse = z
  .object({
    path: z.string().openapi({ description: "The file's real path" }),
    // The file's JSON as it is.
    workflow: WorkflowSchema,
    modified: z.string().openapi({ description: "ISO 8601, UTC, to the millisecond" }),
  })
  .openapi("WorkflowFile");

const WriteResponse = z
  .object({ path: z.string(), modified: z.string(), size: z.number().int().openapi({ description: "Bytes written" }) })
  .openapi("WorkflowFileWritten");

const json = <T>(schema: T) => ({ content: { "application/json": { schema } } });
const tags = ["Files"];
const security = [{ bearer: [] }];
const forbidden = {
  description: "Outside the granted folders (after resolving `..` and links), or writing into a read-only one",
};

const routes = {
  read: createRoute({
    method: "get",
    path: "/files/workflow",
    tags,
    security,
    summary: "Open a .weft.json workflow file (Weft's extension)",
    request: { query: ReadQuery },
    responses: {
      200: { ...json(ReadResponse), description: "OK" },
      400: { description: "Not a .weft.json name, a folder, over 10 MB, not JSON, or not a workflow" },
      403: forbidden,
      404: { description: "No such file" },
    },
  }),
  write: createRoute({
    method: "put",
    path: "/files/workflow",
    tags,
    security,
    summary: "Save a workflow as a .weft.json file, atomically (Weft's extension)",
    middleware: [
      bodyLimit({
        maxSize: MAX_WORKFLOW_BYTES,
        onError: () => {
          throw new PayloadTooLargeError(`A workflow file may be at most ${MAX_WORKFLOW_BYTES} bytes`);
        },
      }),
    ],
    request: { body: { ...json(WriteRequest), required: true } },
    responses: {
      200: { ...json(WriteResponse), description: "Written" },
      400: { description: "Not a .weft.json name, a folder, or not a workflow" },
      403: forbidden,
      404: { description: "No such folder" },
      409: { description: "The file exists and `overwrite` is not true, or it changed since `expected_modified`" },
      413: { description: "Over 10 MB" },
    },
  }),
};

/**
 * Opening and saving workflows on the Server (Weft's extension of the spec's read-only file
 * routes, docs/decisions.md "Files"): only `.weft.json` names, so these routes never read or
 * replace any other file; paths resolve as for the Input and Output tools.
 */
export function workflowFileRoutes({ policy, maxJsonDepth }: { policy: FileAccessPolicy; maxJsonDepth: number }) {
  const app = newApiApp();
  app.openapi(routes.read, async (c) =>
    c.json(await readWorkflowFile(policy, c.req.valid("query").path, maxJsonDepth), 200),
  );
  app.openapi(routes.write, async (c) => {
    const { path, overwrite, expected_modified } = c.req.valid("json");
    // The validated copy drops fields the schema does not know; the file keeps them as sent.
    const { workflow } = (await c.req.json()) as { workflow: unknown };
    const written = await writeWorkflowFile(policy, { path, workflow, overwrite, expectedModified: expected_modified });
    return c.json(written, 200);
  });
  return app;
}
