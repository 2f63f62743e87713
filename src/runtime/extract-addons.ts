import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { homedir, tmpdir } from "node:os";
import { dirname, join, sep } from "node:path";

/** A file embedded in the executable (readable only through readFileSync / Bun.file). */
export interface EmbeddedFile {
  name: string;
  source: string;
}

const MARKER = ".complete";

/**
 * Where extracted addons may live, best first: the user's cache, the runtime folder, then
 * per-user folders in the temp areas (which must be ours and private, see `usableRoot`).
 */
export function extractionRoots(env: Record<string, string | undefined>, uid: number): string[] {
  const home = env.HOME || homedir();
  const roots = [
    env.XDG_CACHE_HOME && join(env.XDG_CACHE_HOME, "weft"),
    home && join(home, ".cache", "weft"),
    env.XDG_RUNTIME_DIR && join(env.XDG_RUNTIME_DIR, "weft"),
    join(env.TMPDIR || tmpdir(), `weft-${uid}`),
    `/var/tmp/weft-${uid}`,
  ];
  return [...new Set(roots.filter((r): r is string => Boolean(r)))];
}

/** The mount options of the file system holding `path` (from /proc/self/mountinfo). */
export function mountOptions(path: string, mountinfo: string): string[] {
  let best = { point: "", options: [] as string[] };
  for (const line of mountinfo.split("\n")) {
    const fields = line.split(" ");
    const point = (fields[4] ?? "").replace(/\\040/g, " ");
    const inside = point === "/" || path === point || path.startsWith(point + sep);
    if (inside && point.length >= best.point.length) best = { point, options: (fields[5] ?? "").split(",") };
  }
  return best.options;
}

function readMountinfo(): string | undefined {
  return existsSync("/proc/self/mountinfo") ? readFileSync("/proc/self/mountinfo", "utf8") : undefined;
}

function nearestExisting(path: string): string {
  let p = path;
  while (!existsSync(p) && dirname(p) !== p) p = dirname(p);
  return realpathSync(p);
}

/** A root is usable when we can create it, it is ours and private, and its file system allows exec. */
function usableRoot(root: string, uid: number, mountinfo: string | undefined): boolean {
  if (mountinfo && mountOptions(nearestExisting(root), mountinfo).includes("noexec")) return false;
  try {
    mkdirSync(root, { recursive: true, mode: 0o700 });
    const st = statSync(root);
    // Someone else's folder in a shared temp area could hold a planted library: never load from it.
    return st.isDirectory() && st.uid === uid && (st.mode & 0o022) === 0;
  } catch {
    return false;
  }
}

/**
 * The marker lists each file's size; a folder is reused only when it is there and every size
 * matches. File data is not fsynced (that doubled the first start): a folder damaged by a
 * crash is caught by the sizes, or by a failed load, which extracts again (`replace`).
 */
function markerText(files: { name: string; size: number }[]): string {
  return JSON.stringify(Object.fromEntries(files.map((f) => [f.name, f.size])));
}

function isComplete(dir: string): boolean {
  const marker = join(dir, MARKER);
  if (!existsSync(marker)) return false;
  let sizes: Record<string, number>;
  try {
    sizes = JSON.parse(readFileSync(marker, "utf8")) as Record<string, number>;
  } catch {
    return false;
  }
  return Object.entries(sizes).every(
    ([name, size]) => existsSync(join(dir, name)) && statSync(join(dir, name)).size === size,
  );
}

/**
 * Removes a folder that failed to load or lost files. Only complete folders are ever renamed
 * into place, so one that is incomplete is no copy's work in progress. It is moved aside
 * first, so a copy starting now never sees it half deleted; if another copy moved it first,
 * there is nothing left to do.
 */
function discard(target: string): void {
  const trash = `${target}.discard-${process.pid}-${Date.now()}`;
  try {
    renameSync(target, trash);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return;
    throw err;
  }
  rmSync(trash, { recursive: true, force: true });
}

function writeMarker(path: string, text: string): void {
  writeFileSync(path, text);
  const fd = openSync(path, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

export interface ExtractOptions {
  /** Names the content: version and content hash, so a new build never reuses an old folder. */
  id: string;
  files: EmbeddedFile[];
  env: Record<string, string | undefined>;
  uid: number;
  /** Discard an existing folder first (a load from it failed). */
  replace?: boolean;
  /** The text of /proc/self/mountinfo (read when not given). */
  mountinfo?: string;
}

/**
 * Puts the embedded files side by side in one folder, once per `id`, and returns it.
 * Safe when several copies start at once: each writes into its own temporary folder and
 * renames it into place; a loser of the race uses the winner's complete folder.
 */
export function extractOnce({
  id,
  files,
  env,
  uid,
  replace = false,
  mountinfo = readMountinfo(),
}: ExtractOptions): string {
  const failures: string[] = [];
  for (const root of extractionRoots(env, uid)) {
    const target = join(root, `native-${id}`);
    if (!replace && isComplete(target)) return target;
    // Checked again: another copy may have renamed its complete folder in since the line above.
    if (existsSync(target) && (replace || !isComplete(target))) discard(target);
    if (!usableRoot(root, uid, mountinfo)) {
      failures.push(`${root}: not usable`);
      continue;
    }
    let temp: string | undefined;
    try {
      temp = mkdtempSync(join(root, `.native-${id}-`));
      const written = files.map((file) => {
        const data = readFileSync(file.source);
        writeFileSync(join(temp as string, file.name), data, { mode: 0o755 });
        return { name: file.name, size: data.byteLength };
      });
      writeMarker(join(temp, MARKER), markerText(written));
      try {
        renameSync(temp, target);
        temp = undefined;
      } catch (err) {
        // Another copy won the race: its folder is complete (the marker was written before its rename).
        if (!isComplete(target)) throw err;
      }
      return target;
    } catch (err) {
      failures.push(`${root}: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      if (temp) rmSync(temp, { recursive: true, force: true });
    }
  }
  throw new Error(`cannot extract the native addons anywhere (${failures.join("; ")})`);
}
