/**
 * The files a user picked last (the file picker's "Recent" list), kept in localStorage. Each
 * kind of file has its own list: data files for Input and Output, workflows for Open and Save.
 */

/** The data files of Input and Output. */
export const RECENT_DATA_FILES = "weft.recentFiles";
/** The `.weft.json` workflows opened or saved on the Server. */
export const RECENT_WORKFLOWS = "weft.recentWorkflows";
export const RECENT_LIMIT = 10;

type RecentStorage = Pick<Storage, "getItem" | "setItem">;

/** One list of recent paths (what the file picker shows and adds to). */
export interface RecentList {
  load(): string[];
  /** Records a picked file; answers the new list. */
  remember(path: string): string[];
}

/** The list with `path` first, once, at most `limit` long. */
export function pushRecent(list: readonly string[], path: string, limit = RECENT_LIMIT): string[] {
  return [path, ...list.filter((p) => p !== path)].slice(0, limit);
}

export function loadRecent(storage: Pick<Storage, "getItem"> = localStorage, key = RECENT_DATA_FILES): string[] {
  try {
    const value = JSON.parse(storage.getItem(key) ?? "[]");
    return Array.isArray(value) ? value.filter((p): p is string => typeof p === "string").slice(0, RECENT_LIMIT) : [];
  } catch {
    return [];
  }
}

/** Records a picked file; answers the new list. */
export function rememberRecent(path: string, storage: RecentStorage = localStorage, key = RECENT_DATA_FILES): string[] {
  const list = pushRecent(loadRecent(storage, key), path);
  try {
    storage.setItem(key, JSON.stringify(list));
  } catch {
    // Storage full or refused: the list is a convenience.
  }
  return list;
}

/** The recent list kept under `key` (RECENT_DATA_FILES, RECENT_WORKFLOWS). */
export function recentList(key: string, storage: RecentStorage = localStorage): RecentList {
  return { load: () => loadRecent(storage, key), remember: (path) => rememberRecent(path, storage, key) };
}
