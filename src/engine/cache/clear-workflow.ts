import { join } from "node:path";
import { rmdirIfEmpty, unlinkIfExists } from "../../shared/tolerant-fs";
import { listFolder, STALE_TEMP_MS, workflowFolderName } from "./cache-layout";

/**
 * Removes one workflow's cache entries (force refresh, POST /api/cache/clear); returns how
 * many files went. Temp files of crashed stores go too. A store still writing keeps its
 * temp file, so a concurrent run of the workflow does not fail: its entry lands after the
 * clear. The Server calls this directly (no engine process needed); `ToolCache` delegates.
 * The folder, once empty, goes too unless `keepFolder`: a forced run stores into it next,
 * and removing then making a folder cost it 0.2-0.3 ms of its fixed cost here (ext4);
 * maintenance removes a folder left empty.
 */
export function clearWorkflowCache(
  root: string,
  workflowId: string,
  now = Date.now(),
  { keepFolder = false }: { keepFolder?: boolean } = {},
): number {
  const folder = listFolder(join(root, workflowFolderName(workflowId)));
  let removed = 0;
  for (const entry of folder.entries) if (unlinkIfExists(entry.path)) removed++;
  for (const temp of folder.temps) {
    if (now - temp.mtimeMs > STALE_TEMP_MS && unlinkIfExists(temp.path)) removed++;
  }
  if (!keepFolder) rmdirIfEmpty(folder.path);
  return removed;
}
