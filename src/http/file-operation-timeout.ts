import type { MiddlewareHandler } from "hono";
import { ExecutionTimeoutError } from "../shared/errors";

/**
 * Bounds how long a file route waits (FILE_OPERATION_TIMEOUT_SECONDS): a file system that
 * stops answering (a hung network mount) fails that request with a 504 naming the setting,
 * and the Server goes on answering other requests. The operation itself cannot be cancelled
 * (a thread may stay in the kernel call); only the request is freed. FIFOs and devices never
 * get this far: they are refused when opened (shared/open-within-roots.ts).
 */
export function fileOperationTimeout(seconds: number): MiddlewareHandler {
  return async (c, next) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const bound = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        reject(
          new ExecutionTimeoutError(
            `${c.req.method} ${c.req.path}: the file system did not answer within ${seconds} s (FILE_OPERATION_TIMEOUT_SECONDS=${seconds})`,
          ),
        );
      }, seconds * 1000);
    });
    try {
      await Promise.race([next(), bound]);
    } finally {
      clearTimeout(timer);
    }
  };
}
