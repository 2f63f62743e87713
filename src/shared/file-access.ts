import { existsSync, realpathSync } from "node:fs";
import { dirname, isAbsolute, relative, resolve, sep } from "node:path";
import { ForbiddenError, ValidationError } from "./errors";

/** A granted directory; a read-only root may be read but not written. */
export interface AccessRoot {
  path: string;
  readOnly: boolean;
}

/** `open` allows any path; `restricted` only paths under the roots. */
export interface FileAccessPolicy {
  mode: "open" | "restricted";
  roots: readonly AccessRoot[];
}

/**
 * Resolves a path a user names (an Input tool's source, an Output tool's target, a browse)
 * to an absolute real path and checks it against the policy (decisions.md "Files"): outside
 * every root is 403, also after `..` and symbolic links are resolved; writing into a
 * read-only root is 403. A path that does not exist yet (an output) is checked through its
 * nearest existing parent, so a link in the parent chain cannot lead out of a root.
 */
export function resolveUserPath(policy: FileAccessPolicy, path: string, access: "read" | "write"): string {
  if (typeof path !== "string" || path.trim() === "") throw new ValidationError("A file path is required");
  if (path.includes("\u0000")) throw new ValidationError("A file path must not contain NUL characters");
  if (!isAbsolute(path)) throw new ValidationError(`File paths must be absolute: "${path}"`);
  const real = realPathOf(resolve(path));
  if (policy.mode === "open") return real;
  const root = policy.roots
    .map((r) => ({ ...r, real: realPathOf(resolve(r.path)) }))
    .filter((r) => isInside(r.real, real))
    .sort((a, b) => b.real.length - a.real.length)[0];
  if (!root) throw new ForbiddenError(`Access to "${path}" is not allowed: it is outside the granted folders`);
  if (access === "write" && root.readOnly) {
    throw new ForbiddenError(`"${path}" is in a read-only folder (${root.path}): outputs cannot be written there`);
  }
  return real;
}

/** The real path, resolving links of the longest existing prefix; the rest is appended. */
function realPathOf(absolute: string): string {
  let existing = absolute;
  const rest: string[] = [];
  while (!existsSync(existing)) {
    const parent = dirname(existing);
    if (parent === existing) break;
    rest.unshift(existing.slice(parent.length + (parent.endsWith(sep) ? 0 : 1)));
    existing = parent;
  }
  const base = existsSync(existing) ? realpathSync(existing) : existing;
  return rest.length > 0 ? resolve(base, ...rest) : base;
}

function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
}
