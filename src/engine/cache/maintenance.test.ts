import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { entryFileName, STALE_TEMP_MS, tempFileName } from "./cache-layout";
import { runMaintenance } from "./maintenance";

const DAY = 86_400_000;
const NOW = Date.UTC(2025, 5, 1, 12);
let root: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "weft-maint-"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Writes a file of `size` bytes last used `ageMs` before NOW; returns its path. */
function put(workflow: string, name: string, size: number, ageMs: number): string {
  mkdirSync(join(root, workflow), { recursive: true });
  const path = join(root, workflow, name);
  writeFileSync(path, Buffer.alloc(size, 1));
  const at = new Date(NOW - ageMs);
  utimesSync(path, at, at);
  return path;
}

const key = (n: number) => n.toString(16).padStart(16, "0");
const run = (retentionDays: number, quotaBytes: number) =>
  runMaintenance({ root, retentionDays, quotaBytes, now: NOW });

describe("runMaintenance", () => {
  test("TTL deletes entries unused for longer than the retention", () => {
    const fresh = put("wf", entryFileName(key(1)), 10, 1 * DAY);
    const edge = put("wf", entryFileName(key(2)), 10, 7 * DAY);
    const old = put("wf", entryFileName(key(3)), 10, 7 * DAY + 1000);
    const ancient = put("other", entryFileName(key(4)), 10, 300 * DAY);
    expect(run(7, 1e12)).toEqual({ ttl_files_deleted: 2, lru_files_evicted: 0 });
    expect([fresh, edge, old, ancient].map((p) => existsSync(p))).toEqual([true, true, false, false]);
    // The folder left empty goes; the other stays.
    expect(existsSync(join(root, "other"))).toBe(false);
    expect(existsSync(join(root, "wf"))).toBe(true);
  });

  test("LRU evicts least recently used first until the total fits the quota", () => {
    const a = put("wf1", entryFileName(key(1)), 100, 4000); // oldest
    const b = put("wf2", entryFileName(key(2)), 100, 3000);
    const c = put("wf1", entryFileName(key(3)), 100, 2000);
    const d = put("wf2", entryFileName(key(4)), 100, 1000); // newest
    expect(run(7, 250)).toEqual({ ttl_files_deleted: 0, lru_files_evicted: 2 });
    expect([a, b, c, d].map((p) => existsSync(p))).toEqual([false, false, true, true]);
    // At the quota exactly: nothing more goes.
    expect(run(7, 200)).toEqual({ ttl_files_deleted: 0, lru_files_evicted: 0 });
    expect(run(7, 0)).toEqual({ ttl_files_deleted: 0, lru_files_evicted: 2 });
    expect(readdirSync(root)).toEqual([]);
  });

  test("LRU breaks ties of last use by path", () => {
    const second = put("wf", entryFileName(key(0xb)), 10, 5000);
    const first = put("wf", entryFileName(key(0xa)), 10, 5000);
    expect(run(7, 10)).toEqual({ ttl_files_deleted: 0, lru_files_evicted: 1 });
    expect([existsSync(first), existsSync(second)]).toEqual([false, true]);
  });

  test("TTL runs before LRU, and expired bytes do not count toward the quota", () => {
    put("wf", entryFileName(key(1)), 1000, 10 * DAY);
    const kept = put("wf", entryFileName(key(2)), 100, DAY);
    expect(run(7, 100)).toEqual({ ttl_files_deleted: 1, lru_files_evicted: 0 });
    expect(existsSync(kept)).toBe(true);
  });

  test("stale temp files go, live ones stay (and keep their folder); neither is counted", () => {
    const stale = put("wf1", tempFileName(key(1)), 50, STALE_TEMP_MS + 1000);
    const live = put("wf2", tempFileName(key(2)), 50, 1000);
    expect(run(7, 0)).toEqual({ ttl_files_deleted: 0, lru_files_evicted: 0 });
    expect([existsSync(stale), existsSync(live)]).toEqual([false, true]);
    expect(readdirSync(root).sort()).toEqual(["wf2"]);
  });

  test("files with other names are never deleted", () => {
    const notes = put("wf", "notes.txt", 10_000, 400 * DAY);
    expect(run(0, 0)).toEqual({ ttl_files_deleted: 0, lru_files_evicted: 0 });
    expect(existsSync(notes)).toBe(true);
  });

  test("an empty or missing cache is a no-op", () => {
    expect(run(7, 0)).toEqual({ ttl_files_deleted: 0, lru_files_evicted: 0 });
    rmSync(root, { recursive: true });
    expect(run(7, 0)).toEqual({ ttl_files_deleted: 0, lru_files_evicted: 0 });
  });
});
