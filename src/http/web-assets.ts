import type { AssetSource } from "./static-assets";
import { sourceTreeAssets } from "./static-assets";

/**
 * The web UI this process serves when STATIC_FILES_PATH is not set. In a source checkout,
 * `web/dist`; the single-executable build swaps this module for one embedding those files.
 */
export function defaultWebAssets(): AssetSource {
  return sourceTreeAssets();
}
