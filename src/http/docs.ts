import type { OpenAPIHono } from "@hono/zod-openapi";
import { Scalar } from "@scalar/hono-api-reference";
import type { Env } from "hono";

export interface DocsOptions {
  title: string;
  version: string;
  description: string;
}

const REDOC_PAGE = (title: string) => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} — API reference</title>
<style>body{margin:0}</style>
</head>
<body>
<redoc spec-url="/openapi.json"></redoc>
<script src="https://cdn.redoc.ly/redoc/v2.5.0/bundles/redoc.standalone.js"></script>
</body>
</html>`;

/**
 * The API description of every surface mounted on `app`: `/openapi.json` (OpenAPI 3.1),
 * `/docs` (Scalar) and `/redoc` (ReDoc). Both viewers are public, like the document.
 */
export function mountDocs<E extends Env>(app: OpenAPIHono<E>, { title, version, description }: DocsOptions): void {
  app.doc31("/openapi.json", {
    openapi: "3.1.0",
    info: { title, version, description },
  });
  app.openAPIRegistry.registerComponent("securitySchemes", "bearer", { type: "http", scheme: "bearer" });
  app.get("/docs", Scalar({ url: "/openapi.json", pageTitle: `${title} — API reference` }));
  app.get("/redoc", (c) => c.html(REDOC_PAGE(title)));
}
