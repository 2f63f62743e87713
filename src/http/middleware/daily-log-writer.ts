import { appendFile, mkdir } from "node:fs/promises";
import { join } from "node:path";

/** Appends JSON lines to `<dir>/<prefix>-YYYY-MM-DD.jsonl` (UTC day), in order, off the request path. */
export interface DailyLogWriter {
  write(record: Record<string, unknown>): void;
  /** Resolves when every line written so far is on disk. */
  flush(): Promise<void>;
}

export function createDailyLogWriter(dir: string, prefix: string, onError: (err: unknown) => void): DailyLogWriter {
  let pending: { day: string; line: string }[] = [];
  let chain: Promise<void> = mkdir(dir, { recursive: true }).then(() => undefined, onError);
  let scheduled = false;

  const drain = async () => {
    scheduled = false;
    const batch = pending;
    pending = [];
    const byDay = new Map<string, string[]>();
    for (const { day, line } of batch) byDay.set(day, [...(byDay.get(day) ?? []), line]);
    for (const [day, lines] of byDay) {
      await appendFile(join(dir, `${prefix}-${day}.jsonl`), `${lines.join("\n")}\n`).catch(onError);
    }
  };

  return {
    write(record) {
      const ts = typeof record.ts === "string" ? record.ts : new Date().toISOString();
      pending.push({ day: ts.slice(0, 10), line: JSON.stringify(record) });
      if (!scheduled) {
        scheduled = true;
        chain = chain.then(drain);
      }
    },
    flush: () => chain,
  };
}
