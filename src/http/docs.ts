import type { OpenAPIHono } from "@hono/zod-openapi";
import { Scalar } from "@scalar/hono-api-reference";
import type { Env } from "hono";
import { docsScriptAssets } from "./docs-script-files";
import { DOCS_SCRIPTS, type DocsScriptPath } from "./docs-scripts";
import { serveAsset } from "./static-assets";

export interface DocsOptions {
  title: string;
  version: string;
  description: string;
}

const SCALAR_SCRIPT: DocsScriptPath = "/docs/scalar-api-reference.js";
const REDOC_SCRIPT: DocsScriptPath = "/redoc/redoc.standalone.js";

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
<script src="${REDOC_SCRIPT}"></script>
</body>
</html>`;

/**
 * The API description of every surface mounted on `app`: `/openapi.json` (OpenAPI 3.1),
 * `/docs` (Scalar) and `/redoc` (ReDoc). Both viewers are public, like the document, and
 * need no internet: their scripts are served from here, and Scalar is told not to fetch its
 * fonts, send telemetry or offer its online AI agent.
 */
export function mountDocs<E extends Env>(app: OpenAPIHono<E>, { title, version, description }: DocsOptions): void {
  app.doc31("/openapi.json", {
    openapi: "3.1.0",
    info: { title, version, description },
  });
  app.openAPIRegistry.registerComponent("securitySchemes", "bearer", { type: "http", scheme: "bearer" });
  app.get(
    "/docs",
    Scalar({
      url: "/openapi.json",
      pageTitle: `${title} — API reference`,
      // Given a script URL, Scalar's page loads the single-file bundle (its ESM build imports chunks).
      cdn: SCALAR_SCRIPT,
      withDefaultFonts: false,
      telemetry: false,
      agent: { disabled: true },
    }),
  );
  app.get("/redoc", (c) => {
    // ReDoc's menu shows Redocly's logo from their CDN (hidden when it fails to load): keep images local.
    c.header("Content-Security-Policy", "img-src 'self' data:");
    return c.html(REDOC_PAGE(title));
  });
  const scripts = docsScriptAssets();
  for (const path of Object.keys(DOCS_SCRIPTS)) app.get(path, (c) => serveAsset(c, scripts));
}
