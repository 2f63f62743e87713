import { statSync } from "node:fs";
import { join } from "node:path";
import { inArray } from "drizzle-orm";
import type { HubDatabase } from "../../db/hub-db";
import type { Clock } from "../../shared/clock";
import { readDirents, unlinkIfExists } from "../../shared/tolerant-fs";

export const ARTIFACT_SWEEP_EVERY_MS = 60 * 60_000;
/**
 * A file younger than this is never removed: a run stores an artifact's bytes before it
 * inserts the row naming them (executions/run-artifacts.ts), and storing bytes already there
 * touches the file (artifact-store.ts), so bytes a run is about to name look new.
 */
export const ARTIFACT_SWEEP_GRACE_MS = 60 * 60_000;
const SHAS_PER_QUERY = 500;
const BLOB = /^[0-9a-f]{64}$/;
/** A write cut short (artifact-store.ts storeBlob): `<sha256>.<id>.tmp`. */
const PARTIAL = /^[0-9a-f]{64}\..+\.tmp$/;

export interface SweptArtifacts {
  removed: number;
  bytes: number;
}

/**
 * Removes the artifact files no execution names any more: artifacts are stored once per
 * content (`<data dir>/artifacts/<sha[0:2]>/<sha>`) and their rows go with their execution
 * (deleting a workflow deletes its executions, ON DELETE CASCADE), so the files stayed on
 * disk for good. A file is removed when it is older than `graceMs` by `clock()` and no row
 * names its digest (checked in batches), and so is a partial write as old. Answers what it
 * removed. Left: a run that stores bytes identical to a file this pass has just found
 * unnamed, between the pass's last look and its unlink (microseconds, against the hour of
 * grace a new file gets); its download would then answer that the file is gone.
 */
export async function sweepArtifacts(
  database: HubDatabase,
  dataDir: string,
  clock: Clock,
  graceMs = ARTIFACT_SWEEP_GRACE_MS,
): Promise<SweptArtifacts> {
  const root = join(dataDir, "artifacts");
  const before = clock().getTime() - graceMs;
  const old = (path: string) => {
    const stat = statSync(path, { throwIfNoEntry: false });
    return stat?.isFile() && stat.mtimeMs < before ? stat.size : undefined;
  };
  const swept: SweptArtifacts = { removed: 0, bytes: 0 };
  const remove = (path: string, size: number) => {
    // False when gone already (another replica's sweep over a shared folder).
    if (!unlinkIfExists(path)) return;
    swept.removed++;
    swept.bytes += size;
  };
  const candidates = new Map<string, string>();
  for (const { name: folder } of readDirents(root)) {
    if (!/^[0-9a-f]{2}$/.test(folder)) continue;
    for (const { name } of readDirents(join(root, folder))) {
      const path = join(root, folder, name);
      const size = old(path);
      if (size === undefined) continue;
      if (BLOB.test(name) && name.startsWith(folder)) candidates.set(name, path);
      else if (PARTIAL.test(name)) remove(path, size);
    }
  }
  const shas = [...candidates.keys()];
  for (let i = 0; i < shas.length; i += SHAS_PER_QUERY) {
    const batch = shas.slice(i, i + SHAS_PER_QUERY);
    const named = await namedShas(database, batch);
    for (const sha of batch) {
      if (named.has(sha)) continue;
      const path = candidates.get(sha) as string;
      // Looked at again: bytes stored again since the listing were touched.
      const size = old(path);
      if (size !== undefined) remove(path, size);
    }
  }
  return swept;
}

async function namedShas(database: HubDatabase, shas: string[]): Promise<Set<string>> {
  const { executionArtifacts: a } = database.t;
  const rows = await database.db.selectDistinct({ sha256: a.sha256 }).from(a).where(inArray(a.sha256, shas));
  return new Set(rows.map((r) => r.sha256));
}
