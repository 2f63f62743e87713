import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { newId } from "../../shared/ids";

/** Where an artifact's bytes live: `<data dir>/artifacts/<sha[0:2]>/<sha>`. */
export function artifactPath(dataDir: string, sha256: string): string {
  if (!/^[0-9a-f]{64}$/.test(sha256)) throw new Error(`not a SHA-256: ${sha256}`);
  return join(dataDir, "artifacts", sha256.slice(0, 2), sha256);
}

export function sha256OfBytes(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

/**
 * Stores `bytes` under their SHA-256 (content-addressed: identical content is stored once)
 * and answers the digest and size. The file is written beside its final name and renamed
 * into place, so a reader never sees half an artifact and a crash leaves at most a stray
 * temporary file; two writers of the same content rename the same bytes over each other.
 * Bytes already there are touched, so the sweep of unnamed files (background/artifact-sweep.ts)
 * sees them as new until the run has inserted the row that names them.
 */
export function storeBlob(dataDir: string, bytes: Uint8Array): { sha256: string; size: number } {
  const sha256 = sha256OfBytes(bytes);
  const path = artifactPath(dataDir, sha256);
  if (!existsSync(path)) {
    mkdirSync(join(path, ".."), { recursive: true });
    const temporary = `${path}.${newId()}.tmp`;
    writeFileSync(temporary, bytes, { mode: 0o600 });
    renameSync(temporary, path);
  } else {
    const now = new Date();
    utimesSync(path, now, now);
  }
  return { sha256, size: bytes.byteLength };
}

/** The bytes stored under `sha256` (ENOENT when the file is gone). */
export function readBlob(dataDir: string, sha256: string): Buffer {
  return readFileSync(artifactPath(dataDir, sha256));
}
