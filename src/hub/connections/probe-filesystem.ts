import { constants } from "node:fs";
import { access, stat } from "node:fs/promises";
import type { FilesystemSettings } from "./settings";

/**
 * A filesystem connection is usable when its path is a folder this process may list, and
 * write to unless the connection is read-only. Answers the problem in words, or null.
 */
export async function probeFilesystem({ path, readOnly }: FilesystemSettings): Promise<string | null> {
  let info: Awaited<ReturnType<typeof stat>>;
  try {
    info = await stat(path);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return `${path} does not exist`;
    if (code === "EACCES") return `${path} cannot be reached (permission denied on a parent folder)`;
    return `${path} cannot be read (${code ?? "unknown error"})`;
  }
  if (!info.isDirectory()) return `${path} is not a folder`;
  if (!(await allowed(path, constants.R_OK | constants.X_OK))) return `${path} is not readable by the Hub's user`;
  if (!readOnly && !(await allowed(path, constants.W_OK))) {
    return `${path} is not writable by the Hub's user (mark the connection read-only if it is meant to be)`;
  }
  return null;
}

async function allowed(path: string, mode: number): Promise<boolean> {
  return access(path, mode).then(
    () => true,
    () => false,
  );
}
