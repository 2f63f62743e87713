import { dlopen, FFIType } from "bun:ffi";

/**
 * Hands the memory this process has freed back to the system: a full garbage collection, then
 * glibc's `malloc_trim(0)` (`trim`), which returns the free pages of every malloc arena (Polars
 * allocates through the system allocator, and glibc keeps what it frees for reuse). Measured
 * on a 1M-row sort collected then dropped: 287 MB resident after the collection, still 287
 * after Bun.gc, 190 after the trim, which took 9 ms.
 */
export function releaseFreedMemory(trim: (() => void) | undefined): void {
  Bun.gc(true);
  trim?.();
}

/**
 * glibc's malloc_trim(0), opened once by the executor; undefined where the C library is not
 * glibc (macOS, musl), where only the collection runs.
 */
export function openMallocTrim(): (() => void) | undefined {
  if (process.platform !== "linux") return undefined;
  let lib: ReturnType<typeof load>;
  try {
    lib = load();
  } catch {
    // No libc.so.6 to open (a musl system): nothing to trim.
    return undefined;
  }
  return () => {
    lib.symbols.malloc_trim(0);
  };
}

const load = () => dlopen("libc.so.6", { malloc_trim: { args: [FFIType.u64], returns: FFIType.i32 } });
