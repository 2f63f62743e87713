/**
 * The API viewers' browser bundles, by the URL their pages load them from, and the file of
 * each below node_modules. Weft serves them itself so `/docs` and `/redoc` work without the
 * internet; scripts/build.ts embeds these files in the executable.
 */
export const DOCS_SCRIPTS = {
  "/docs/scalar-api-reference.js": "@scalar/api-reference/dist/browser/standalone.js",
  "/redoc/redoc.standalone.js": "redoc/bundles/redoc.standalone.js",
} as const;

export type DocsScriptPath = keyof typeof DOCS_SCRIPTS;
