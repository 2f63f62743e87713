import { createRoute } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import { newApiApp } from "../../http/openapi-app";
import { PayloadTooLargeError } from "../../shared/errors";
import type { FileAccessPolicy } from "../../shared/file-access";
import {
  ReadQuery,
  WorkflowFileResponse,
  WorkflowFileWriteRequest,
  WorkflowWrittenResponse,
} from "../schemas/workflow-file";
import { MAX_WORKFLOW_BYTES, readWorkflowFile, writeWorkflowFile } from "../services/workflow-file";

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
      200: { ...json(WorkflowFileResponse), description: "OK" },
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
    request: { body: { ...json(WorkflowFileWriteRequest), required: true } },
    responses: {
      200: { ...json(WorkflowWrittenResponse), description: "Written" },
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
