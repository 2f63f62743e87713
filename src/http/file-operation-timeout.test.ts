import { expect, test } from "bun:test";
import { createLogger } from "../shared/logger";
import { createErrorHandler } from "./error-handler";
import { fileOperationTimeout } from "./file-operation-timeout";
import { newApiApp } from "./openapi-app";

test("a file route that never answers is a 504 naming FILE_OPERATION_TIMEOUT_SECONDS; others answer meanwhile", async () => {
  const app = newApiApp();
  app.onError(createErrorHandler(createLogger({ sink: () => {} })));
  app.use("/files/*", fileOperationTimeout(1));
  // Slow by construction: a file system that never answers.
  app.get("/files/stuck", () => new Promise<Response>(() => {}));
  app.get("/files/quick", (c) => c.json({ ok: true }));
  const started = performance.now();
  const stuck = app.request("/files/stuck");
  expect((await app.request("/files/quick")).status).toBe(200);
  const res = await stuck;
  expect(performance.now() - started).toBeGreaterThanOrEqual(990);
  expect(res.status).toBe(504);
  expect(await res.text()).toContain("FILE_OPERATION_TIMEOUT_SECONDS=1");
});
