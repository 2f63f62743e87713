import { createRoute, z } from "@hono/zod-openapi";
import type { ExecutorPool } from "../../engine/executor/pool";
import type { FunctionsResult } from "../../engine/job";
import { newApiApp } from "../../http/openapi-app";
import { FunctionsSchema } from "../schemas/polars";

const list = createRoute({
  method: "get",
  path: "/polars/functions",
  tags: ["Expressions"],
  summary: "The functions and methods expression strings may use (exactly what the checker accepts)",
  security: [{ bearer: [] }],
  responses: { 200: { content: { "application/json": { schema: FunctionsSchema } }, description: "Function lists" } },
});

const refresh = createRoute({
  method: "post",
  path: "/polars/functions/refresh",
  tags: ["Expressions"],
  summary: "Introspect the installed nodejs-polars again",
  security: [{ bearer: [] }],
  responses: {
    200: {
      content: { "application/json": { schema: z.object({ status: z.literal("ok"), message: z.string() }) } },
      description: "Cleared",
    },
  },
});

/**
 * `/api/polars/functions` (the spec's `/api/dataframe/functions`). The lists come from an
 * engine process, where nodejs-polars is loaded, and are kept here until refreshed.
 */
export function polarsRoutes(engine: ExecutorPool) {
  const app = newApiApp();
  let known: Promise<FunctionsResult> | undefined;
  const load = (fresh: boolean) => {
    const loading = engine.run({ kind: "functions", refresh: fresh });
    known = loading;
    loading.catch(() => {
      if (known === loading) known = undefined;
    });
    return loading;
  };
  app.openapi(list, async (c) => c.json(await (known ?? load(false)), 200));
  app.openapi(refresh, async (c) => {
    const fresh = await load(true);
    const count = fresh.table_level.length + fresh.column_methods.all.length;
    return c.json(
      {
        status: "ok" as const,
        message: `Function lists refreshed from nodejs-polars ${fresh.polars_version} (${count} names)`,
      },
      200,
    );
  });
  return app;
}
