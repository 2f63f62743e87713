import { accessSync, constants, mkdtempSync, renameSync, rmSync, statSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { DataSourceError } from "../shared/errors";
import { isSystemError } from "../shared/tolerant-fs";

/**
 * Writes `target` atomically: `produce` writes a temp file in the target's folder, which is
 * then renamed over the target (rename is atomic within one file system, which is why the
 * temp file sits beside the target and not in the system temp folder). On any failure the
 * temp file is removed and the target is left as it was. Answers what `produce` answers.
 */
export function writeAtomically<T>(target: string, produce: (tempPath: string) => T): T {
  checkWritableTarget(target);
  return withTempFile(target, (tempPath) => {
    const result = produce(tempPath);
    cannotWriteIfRefused(target, () => renameSync(tempPath, target));
    return result;
  });
}

/**
 * Runs `use` with the path of a fresh temp file in a hidden folder beside `target`, and
 * removes that folder afterwards, whether `use` succeeded or threw. A folder, not just a
 * file: a Polars sink whose query failed can still create its file a moment after the
 * error returns (seen in tests), and without the folder that late file cannot appear.
 */
export function withTempFile<T>(target: string, use: (tempPath: string) => T): T {
  const folder = cannotWriteIfRefused(target, () => mkdtempSync(join(dirname(target), `.${basename(target)}.weft-`)));
  // The `.tmp` suffix keeps Polars' compression/extension check from seeing `.gz` or `.zst`.
  const tempPath = join(folder, `${basename(target)}.tmp`);
  try {
    return cannotWriteIfRefused(target, () => use(tempPath));
  } finally {
    rmSync(folder, { recursive: true, force: true, maxRetries: 3 });
  }
}

/**
 * Runs a step of a write, the system's refusal (a folder removed meanwhile, a full disk, no
 * permission) becoming the DataSourceError it is where it arises; Polars' failures and
 * Weft's own errors pass unchanged.
 */
function cannotWriteIfRefused<T>(target: string, step: () => T): T {
  try {
    return step();
  } catch (error) {
    if (!isSystemError(error)) throw error;
    throw new DataSourceError(`Cannot write ${target}: ${error.message}`, { cause: error });
  }
}

function checkWritableTarget(target: string): void {
  const folder = dirname(target);
  const folderStat = statSync(folder, { throwIfNoEntry: false });
  if (!folderStat) throw new DataSourceError(`Cannot write ${target}: folder ${folder} does not exist`);
  if (!folderStat.isDirectory()) throw new DataSourceError(`Cannot write ${target}: ${folder} is not a folder`);
  if (statSync(target, { throwIfNoEntry: false })?.isDirectory()) {
    throw new DataSourceError(`Cannot write ${target}: it is a directory`);
  }
  try {
    accessSync(folder, constants.W_OK);
  } catch (error) {
    throw new DataSourceError(`Cannot write ${target}: no permission to write in ${folder}`, { cause: error });
  }
}
