import { posix } from "node:path";
import type { GrantedRoot } from "../../shared/hub-contract";

/**
 * Where an asked-for path lies among a user's filesystem grants, by path semantics, not by
 * string prefix: the path must be absolute, it is normalised first (`.` and `..` segments
 * resolved, repeated slashes folded), and it lies within a root when the relative path from
 * the root does not climb out of it. So `/data/shared/../secret` is not within
 * `/data/shared`, nor is `/data/shared-other`. The Hub cannot see the Server's disk: symbolic
 * links are the Server's to resolve, and it does (src/shared/file-access.ts), within exactly
 * the roots this answer grants.
 */
export function normalisedPath(path: string): string | null {
  if (path.includes("\0") || !posix.isAbsolute(path)) return null;
  return posix.resolve(path);
}

/** Whether the normalised absolute `path` is `root` or lies below it. */
export function isWithin(root: string, path: string): boolean {
  const rel = posix.relative(posix.resolve(root), path);
  return rel === "" || (rel !== ".." && !rel.startsWith("../") && !posix.isAbsolute(rel));
}

/** Why a path is refused: outside every root, or a write into read-only roots only. */
export type PathRefusal = { path: string; reason: "not_absolute" | "outside_grants" | "read_only" };

/**
 * Each asked-for path with the grant that covers it, or the first refusal. A read is allowed
 * within any granted root; a write needs a root that is not read-only (when roots nest, a
 * writable one covering the path is enough). The answer's `read_only` is true when no
 * writable root covers the path.
 */
export function checkPaths(
  roots: readonly GrantedRoot[],
  reads: readonly string[],
  writes: readonly string[],
): { ok: true; paths: GrantedRoot[] } | { ok: false; refusal: PathRefusal } {
  const granted: GrantedRoot[] = [];
  const asked = [...reads.map((p) => ({ p, write: false })), ...writes.map((p) => ({ p, write: true }))];
  for (const { p, write } of asked) {
    const path = normalisedPath(p);
    if (path === null) return { ok: false, refusal: { path: p, reason: "not_absolute" } };
    const covering = roots.filter((r) => isWithin(r.path, path));
    if (covering.length === 0) return { ok: false, refusal: { path: p, reason: "outside_grants" } };
    const readOnly = covering.every((r) => r.read_only);
    if (write && readOnly) return { ok: false, refusal: { path: p, reason: "read_only" } };
    granted.push({ path, read_only: readOnly });
  }
  return { ok: true, paths: granted };
}
