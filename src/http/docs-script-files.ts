import { join } from "node:path";
import { DOCS_SCRIPTS } from "./docs-scripts";
import { type AssetSource, embeddedAssets } from "./static-assets";

/**
 * The viewers' scripts (docs-scripts.ts) as files. In a source checkout, those of
 * node_modules; the single-executable build swaps this module for one embedding them.
 */
export function docsScriptAssets(): AssetSource {
  const nodeModules = join(import.meta.dir, "..", "..", "node_modules");
  return embeddedAssets(
    Object.fromEntries(Object.entries(DOCS_SCRIPTS).map(([url, file]) => [url, join(nodeModules, file)])),
  );
}
