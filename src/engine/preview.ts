import type { Frame } from "../tools/types";
import type { PreviewBounds } from "./preview-cut";
import { type PreviewData, previewData } from "./preview-data";

/**
 * The first `limit` rows of a frame. One more row is fetched to know `has_more`; the
 * streaming engine stops reading once it has them (the async collect of nodejs-polars
 * would read whole files: notes/polars.md). Long values and rows are cut by `bounds`.
 */
export function previewFrame(frame: Frame, limit: number, bounds: PreviewBounds): PreviewData {
  return previewData(frame.limit(limit + 1).collectSync({ engine: "streaming" } as never), limit, bounds);
}
