import { describe, expect, test } from "bun:test";
import { PeerUnavailable, RESULT_PREFIX, runChild } from "./child";
import { availableMemoryMb, rssMbOf } from "./memory-watch";

const bun = (code: string) => [process.execPath, "-e", code];

describe("runChild", () => {
  test("returns the sample, answer and note the child printed, with its job as the last argument", async () => {
    const code = `const job = JSON.parse(process.argv.at(-1));
console.log("reading...");
console.log(${JSON.stringify(RESULT_PREFIX)} + JSON.stringify({ ms: 12.5, peakRssMb: 40, answer: { rows: job.n, top: [["a", 1]] }, note: "csv" }));`;
    expect(await runChild(bun(code), { n: 32 })).toEqual({
      sample: { ms: 12.5, peakRssMb: 40 },
      answer: { rows: 32, top: [["a", 1]] },
      note: "csv",
    });
  });

  test("a child that fails is an error carrying the end of its stderr", async () => {
    const failing = runChild(bun(`console.error("Traceback: boom"); process.exit(3)`), {});
    await expect(failing).rejects.toThrow(/exited with 3: Traceback: boom/);
  });

  test("a child past its memory budget is stopped and the peer is unavailable", async () => {
    // Holds 300 MiB until it is killed: the watch, not the child, ends it.
    const hog = bun("globalThis.hold = new Uint8Array(300 * 1024 * 1024).fill(1); setInterval(() => {}, 1000);");
    const run = runChild(hog, {}, { memoryBudgetMb: 150 });
    await expect(run).rejects.toBeInstanceOf(PeerUnavailable);
    await expect(run).rejects.toThrow(/needs more memory than this machine has: stopped at \d+ MiB resident/);
  });
});

describe("memory readings", () => {
  test("MemAvailable from /proc/meminfo text", () => {
    expect(availableMemoryMb("MemTotal:  24683520 kB\nMemAvailable:   20889600 kB\n")).toBe(20_400);
    expect(availableMemoryMb("MemTotal: 1 kB\n")).toBeUndefined();
  });

  test("this process's RSS, and none for a process that is gone", async () => {
    expect(rssMbOf(process.pid)).toBeGreaterThan(10);
    const child = Bun.spawn(bun("0"));
    await child.exited;
    expect(rssMbOf(child.pid)).toBeUndefined();
  });
});
