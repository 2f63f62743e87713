/** The files a user picked last (the file picker's "Recent" list), kept in localStorage. */

const KEY = "weft.recentFiles";
export const RECENT_LIMIT = 10;

/** The list with `path` first, once, at most `limit` long. */
export function pushRecent(list: readonly string[], path: string, limit = RECENT_LIMIT): string[] {
  return [path, ...list.filter((p) => p !== path)].slice(0, limit);
}

export function loadRecent(storage: Pick<Storage, "getItem"> = localStorage): string[] {
  try {
    const value = JSON.parse(storage.getItem(KEY) ?? "[]");
    return Array.isArray(value) ? value.filter((p): p is string => typeof p === "string").slice(0, RECENT_LIMIT) : [];
  } catch {
    return [];
  }
}

/** Records a picked file; answers the new list. */
export function rememberRecent(path: string, storage: Pick<Storage, "getItem" | "setItem"> = localStorage): string[] {
  const list = pushRecent(loadRecent(storage), path);
  storage.setItem(KEY, JSON.stringify(list));
  return list;
}
