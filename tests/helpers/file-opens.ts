import { dlopen, FFIType } from "bun:ffi";
import { closeSync, readSync } from "node:fs";

const IN_NONBLOCK = 0o4000;
const IN_CLOSE_NOWRITE = 0x10;
const IN_OPEN = 0x20;
/** `struct inotify_event` without its name (a watch on a file reports no name). */
const EVENT_HEADER = 16;

/** Whether `watchOpens` works here: inotify is Linux's. */
export const canWatchOpens = process.platform === "linux";

/**
 * Counts how often any process opens one file, by the kernel's inotify (Linux only), so
 * a test can count reads of a source without touching the code that reads it. Closes are
 * watched too: the kernel merges an event into an identical one still unread, so open,
 * open would count once, while open, close, open counts twice.
 */
export function watchOpens(path: string): { opens(): number; close(): void } {
  const libc = dlopen("libc.so.6", {
    inotify_init1: { args: [FFIType.i32], returns: FFIType.i32 },
    inotify_add_watch: { args: [FFIType.i32, FFIType.cstring, FFIType.u32], returns: FFIType.i32 },
  });
  const fd = libc.symbols.inotify_init1(IN_NONBLOCK);
  if (fd < 0) throw new Error("inotify_init1 failed");
  if (libc.symbols.inotify_add_watch(fd, Buffer.from(`${path}\0`), IN_OPEN | IN_CLOSE_NOWRITE) < 0)
    throw new Error(`inotify_add_watch failed for ${path}`);
  let opens = 0;
  const buffer = Buffer.alloc(64 * 1024);
  return {
    /** Opens seen since the watch began. */
    opens() {
      for (;;) {
        let read: number;
        try {
          read = readSync(fd, buffer);
        } catch (err) {
          if ((err as NodeJS.ErrnoException).code === "EAGAIN") return opens;
          throw err;
        }
        for (let at = 0; at < read; at += EVENT_HEADER + buffer.readUInt32LE(at + 12)) {
          if (buffer.readUInt32LE(at + 4) & IN_OPEN) opens++;
        }
      }
    },
    close() {
      closeSync(fd);
      libc.close();
    },
  };
}
