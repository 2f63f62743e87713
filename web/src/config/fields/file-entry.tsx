import type { FileEntry } from "../../lib/api";

/** A folder or a file as the file dialog lists it (a folder's entry or a search result). */
export interface Listed {
  name: string;
  path: string;
  isDir: boolean;
  size: number | null;
  modified: string | null;
  /** Where a search result lives (search results come from every root). */
  where?: string;
}

/** A folder listing's entry as the dialog lists it. */
export const listedOf = (e: FileEntry): Listed => ({
  name: e.name,
  path: e.path,
  isDir: e.is_dir,
  size: e.size,
  modified: e.modified,
});

/** A folder or a file, drawn (no emoji font is needed). */
export function EntryIcon(props: { folder: boolean }) {
  return (
    <svg class="fp-icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
      {props.folder ? (
        <path d="M1.5 3.5h5l1.5 1.5h6.5v8h-13z" fill="currentColor" opacity="0.75" />
      ) : (
        <path d="M3.5 1.5h6l3 3v10h-9z M9.5 1.5v3h3" fill="none" stroke="currentColor" stroke-width="1.2" />
      )}
    </svg>
  );
}

/** A file size as people read it: "812 B", "3.4 MB". */
export function sizeText(bytes: number | null): string {
  if (bytes === null) return "";
  const units = ["B", "KB", "MB", "GB", "TB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value < 10 && unit > 0 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}
