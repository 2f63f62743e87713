/**
 * Path text for the file picker. The Server answers absolute paths in its own style
 * (`/home/a/x.csv` or `C:\data\x.csv`); these helpers keep to the separator a path uses.
 */

export function separatorOf(path: string): "/" | "\\" {
  return path.includes("\\") && !path.includes("/") ? "\\" : "/";
}

function trimEnd(path: string): string {
  const sep = separatorOf(path);
  return path.length > 1 && path.endsWith(sep) && !/^[A-Za-z]:\\$/.test(path) ? path.slice(0, -1) : path;
}

export function joinPath(dir: string, name: string): string {
  const base = trimEnd(dir);
  const sep = separatorOf(base);
  return base.endsWith(sep) ? `${base}${name}` : `${base}${sep}${name}`;
}

/** The last part of a path (a file's name). */
export function baseName(path: string): string {
  const parts = trimEnd(path).split(/[\\/]/);
  return parts[parts.length - 1] ?? path;
}

/** The folder holding a path. */
export function dirName(path: string): string {
  const trimmed = trimEnd(path);
  const sep = separatorOf(trimmed);
  const at = trimmed.lastIndexOf(sep);
  if (at < 0) return trimmed;
  if (at === 0) return sep;
  return /^[A-Za-z]:$/.test(trimmed.slice(0, at)) ? trimmed.slice(0, at + 1) : trimmed.slice(0, at);
}

/** A file's extension, lower case without the dot ("" when none). */
export function extensionOf(path: string): string {
  const name = baseName(path);
  const at = name.lastIndexOf(".");
  return at > 0 ? name.slice(at + 1).toLowerCase() : "";
}

/** Whether `path` is `root` or inside it. */
export function isInside(path: string, root: string): boolean {
  const r = trimEnd(root);
  const p = trimEnd(path);
  const sep = separatorOf(r);
  return p === r || p.startsWith(r.endsWith(sep) ? r : `${r}${sep}`);
}

/** Breadcrumbs from the root that holds `path` down to it (the root shown whole). */
export function crumbs(path: string, roots: readonly string[]): { label: string; path: string }[] {
  const root = roots.filter((r) => isInside(path, r)).sort((a, b) => b.length - a.length)[0];
  if (!root) return [{ label: path, path }];
  const out = [{ label: trimEnd(root), path: trimEnd(root) }];
  const rest = trimEnd(path).slice(trimEnd(root).length).split(/[\\/]/).filter(Boolean);
  let at = trimEnd(root);
  for (const part of rest) {
    at = joinPath(at, part);
    out.push({ label: part, path: at });
  }
  return out;
}

/** `name` ending with `suffix` (any case): `sales` → `sales.weft.json`, `sales.json` too. */
export function withSuffix(name: string, suffix: string | undefined): string {
  if (!suffix || name.toLowerCase().endsWith(suffix.toLowerCase())) return name;
  const last = suffix.slice(suffix.lastIndexOf("."));
  const stem = last !== suffix && name.toLowerCase().endsWith(last.toLowerCase()) ? name.slice(0, -last.length) : name;
  return `${stem}${suffix}`;
}
