import { statSync } from "node:fs";
import type { ReadOptions } from "../formats/types";

/** A file as the engine reads it: where to open it, its real name, and the reader's options. */
export interface FileRead {
  /** Where to read: the opened file's `/proc/self/fd/N`, or the path itself. */
  path: string;
  /** The file's real path, which the identity names. */
  name: string;
  options: ReadOptions;
}

/**
 * What was learned of a file by reading it (its row count, its validation), remembered by
 * the file's identity: its format, real path, size and modification time, and the reader's
 * options. A file changed in place gets a new size or time and is read again; the oldest
 * fact goes first once `capacity` are held. Per executor process, so each learns a file once.
 */
export class FileFacts<T> {
  private readonly known = new Map<string, T>();
  constructor(private readonly capacity = 256) {}

  /** The remembered fact about `file` read as `format`, or `learn()`'s answer, remembered. */
  of(format: string, file: FileRead, learn: () => T): T {
    const stat = statSync(file.path);
    const key = JSON.stringify([format, file.name, stat.size, stat.mtimeMs, file.options]);
    if (this.known.has(key)) return this.known.get(key) as T;
    const learned = learn();
    if (this.known.size >= this.capacity) this.known.delete(this.known.keys().next().value as string);
    this.known.set(key, learned);
    return learned;
  }
}
