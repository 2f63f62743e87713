import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  truncateSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import pl from "nodejs-polars";
import { STALE_TEMP_MS, tempFileName, workflowFolderName } from "./cache-layout";
import { BYTES_PER_GB, cacheRoot, IN_MEMORY_BYTES, ToolCache, type ToolCacheOptions } from "./tool-cache";

type Row = {
  id: number;
  name: string | null;
  price: number | null;
};

const ROWS: Row[] = [
  { id: 3, name: "東京", price: 9.5 },
  { id: 1, name: "Zoë 🙂", price: null },
  { id: 2, name: null, price: -1.25 },
  { id: 4, name: "", price: 0 },
];
const H1 = "a".repeat(64);
const H2 = "b".repeat(64);
const NOW = Date.UTC(2025, 5, 1, 12);
const DAY = 86_400_000;

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), "weft-cache-"));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

function makeCache(opts: Partial<ToolCacheOptions> = {}): ToolCache {
  return new ToolCache({
    root: cacheRoot(dataDir),
    enabled: true,
    quotaBytes: BYTES_PER_GB,
    retentionDays: 7,
    ...opts,
  });
}

/** A lazy frame of the rows, column by column (so the dtypes do not depend on inference of nulls). */
function frameOf(rows: Row[]): pl.LazyDataFrame {
  return pl
    .DataFrame({
      id: pl.Series(
        "id",
        rows.map((r) => r.id),
        pl.Int64,
      ),
      name: pl.Series(
        "name",
        rows.map((r) => r.name),
        pl.Utf8,
      ),
      price: pl.Series(
        "price",
        rows.map((r) => r.price),
        pl.Float64,
      ),
    })
    .lazy();
}

const readBack = (cache: ToolCache, path: string) => cache.scan(path).collectSync().toRecords();
const filesIn = (folder: string) => (existsSync(folder) ? readdirSync(folder).sort() : []);

describe("store, lookup, scan", () => {
  test("a stored frame is found and read back with the same rows", async () => {
    const cache = makeCache();
    const sortedById = [...ROWS].sort((a, b) => a.id - b.id);
    const stored = await cache.store("wf1", H1, frameOf(ROWS).sort("id"));

    const path = join(dataDir, "cache", "wf1", `${H1}.arrow`);
    expect(stored).toEqual({ path, rows: 4, bytes: statSync(path).size });
    expect(filesIn(dirname(path))).toEqual([`${H1}.arrow`]);
    expect(cache.lookup("wf1", H1)).toBe(path);
    expect(readBack(cache, path)).toEqual(sortedById);
    // Another key or another workflow misses.
    expect(cache.lookup("wf1", H2)).toBeUndefined();
    expect(cache.lookup("wf2", H1)).toBeUndefined();
  });

  test("an empty frame keeps its columns and counts 0 rows", async () => {
    const cache = makeCache();
    const stored = await cache.store("wf1", H1, frameOf(ROWS).filter(pl.col("id").gt(100)));
    expect(stored.rows).toBe(0);
    const back = cache.scan(stored.path).collectSync();
    expect(back.height).toBe(0);
    expect(back.columns).toEqual(["id", "name", "price"]);
  });

  test("rows are counted right over many record batches", async () => {
    const cache = makeCache();
    const n = 250_000;
    const ids = Array.from({ length: n }, (_, i) => i);
    const frame = pl.DataFrame({ i: ids }).lazy().filter(pl.col("i").modulo(7).eq(3));
    const expected = ids.filter((i) => i % 7 === 3);
    const stored = await cache.store("wf1", H1, frame);
    expect(stored.rows).toBe(expected.length);
    const back = cache.scan(stored.path).collectSync().getColumn("i").toArray();
    expect(back).toEqual(expected);
  });

  test("frameOf reads a small stored result into memory, a large one lazily, the same rows and types either way", async () => {
    const cache = makeCache();
    const small = await cache.store("wf1", H1, frameOf(ROWS).sort("id"));
    const n = 150_000;
    const large = await cache.store("wf1", H2, pl.DataFrame({ i: Array.from({ length: n }, (_, i) => i) }).lazy());
    expect([small.bytes <= IN_MEMORY_BYTES, large.bytes > IN_MEMORY_BYTES]).toEqual([true, true]);
    // The plan says where the rows come from: a table in memory, or the file.
    expect(cache.frameOf(small).describePlan()).not.toContain(small.path);
    expect(cache.frameOf(large).describePlan()).toContain(large.path);
    const fromMemory = cache.frameOf(small).collectSync();
    expect(fromMemory.toRecords()).toEqual([...ROWS].sort((a, b) => a.id - b.id));
    expect(fromMemory.dtypes.map(String)).toEqual(cache.scan(small.path).collectSync().dtypes.map(String));
    expect(cache.frameOf(large).select(pl.len()).collectSync().getColumn("len").get(0)).toBe(n);
  });

  test("read gives a hit as frameOf does; a small hit gone or damaged since its lookup is a miss, the damaged one deleted", async () => {
    const cache = makeCache();
    const small = await cache.store("wf1", H1, frameOf(ROWS).sort("id"));
    const large = await cache.store(
      "wf1",
      H2,
      pl.DataFrame({ i: Array.from({ length: 150_000 }, (_, i) => i) }).lazy(),
    );
    expect(cache.read(small.path)?.describePlan()).not.toContain(small.path);
    expect(cache.read(small.path)?.collectSync().toRecords()).toEqual([...ROWS].sort((a, b) => a.id - b.id));
    expect(cache.read(large.path)?.describePlan()).toContain(large.path);

    const damaged = readFileSync(small.path);
    for (let i = 8; i < small.bytes - 10; i++) damaged[i] = ((damaged[i] as number) * 31 + 7) & 0xff;
    writeFileSync(small.path, damaged);
    expect(cache.lookup("wf1", H1)).toBe(small.path);
    expect(cache.read(small.path)).toBeUndefined();
    expect(existsSync(small.path)).toBe(false);
    expect(cache.read(small.path)).toBeUndefined();
  });

  test("a hit marks the entry as used now (the LRU clock)", async () => {
    let now = NOW;
    const cache = makeCache({ now: () => now });
    const { path } = await cache.store("wf1", H1, frameOf(ROWS));
    expect(statSync(path).mtimeMs).toBe(NOW);
    now = NOW + 5 * DAY;
    cache.lookup("wf1", H1);
    expect(statSync(path).mtimeMs).toBe(NOW + 5 * DAY);
  });

  test("a failing frame stores nothing and its error reaches the caller", async () => {
    const cache = makeCache();
    const bad = pl
      .DataFrame({ s: ["1", "x"] })
      .lazy()
      .select(pl.col("s").cast(pl.Int64, true));
    await expect(cache.store("wf1", H1, bad)).rejects.toThrow("conversion from `str` to `i64` failed in column 's'");
    expect(filesIn(join(dataDir, "cache", "wf1"))).toEqual([]);
    expect(cache.lookup("wf1", H1)).toBeUndefined();
  });

  test("four concurrent stores of one key leave one valid entry and no temp files", async () => {
    const cache = makeCache();
    const results = await Promise.all([1, 2, 3, 4].map(() => cache.store("wf1", H1, frameOf(ROWS))));
    const path = join(dataDir, "cache", "wf1", `${H1}.arrow`);
    for (const r of results) expect(r).toEqual({ path, rows: 4, bytes: statSync(path).size });
    expect(filesIn(dirname(path))).toEqual([`${H1}.arrow`]);
    expect(cache.lookup("wf1", H1)).toBe(path);
    expect(readBack(cache, path)).toEqual(ROWS);
  });

  test("keys that are not lower-case hex are a caller's bug and throw", async () => {
    const cache = makeCache();
    expect(() => cache.lookup("wf1", "../../etc/passwd")).toThrow("Cache key must be");
    await expect(cache.store("wf1", "ABCDEF0123456789", frameOf(ROWS))).rejects.toThrow("Cache key must be");
    expect(existsSync(join(dataDir, "cache"))).toBe(false);
  });

  test("unsafe workflow ids stay inside the cache folder", async () => {
    const cache = makeCache();
    const ids = ["../../etc", "a/b", "..", ".", "", " "];
    for (const id of ids) await cache.store(id, H1, frameOf(ROWS));
    const folders = readdirSync(join(dataDir, "cache")).sort();
    expect(folders).toEqual(ids.map(workflowFolderName).sort());
    expect(readdirSync(dataDir)).toEqual(["cache"]);
    for (const id of ids)
      expect(cache.lookup(id, H1)).toBe(join(dataDir, "cache", workflowFolderName(id), `${H1}.arrow`));
  });
});

describe("damaged entries", () => {
  test("an entry cut short at any of several lengths is a miss and is deleted", async () => {
    const cache = makeCache();
    const { path, bytes } = await cache.store("wf1", H1, frameOf(ROWS));
    const whole = readFileSync(path);
    for (const length of [0, 1, 8, 18, Math.floor(bytes / 2), bytes - 10, bytes - 1]) {
      writeFileSync(path, whole);
      truncateSync(path, length);
      expect({ length, hit: cache.lookup("wf1", H1) }).toEqual({ length, hit: undefined });
      expect(existsSync(path)).toBe(false);
    }
  });

  test("garbage bytes under an entry's name are a miss and are deleted", () => {
    const cache = makeCache();
    const path = join(dataDir, "cache", "wf1", `${H1}.arrow`);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, "id,name\n1,a\n");
    expect(cache.lookup("wf1", H1)).toBeUndefined();
    expect(existsSync(path)).toBe(false);
  });

  test("a damaged body passes lookup; the read fails and discard removes the entry", async () => {
    const cache = makeCache();
    const { path, bytes } = await cache.store("wf1", H1, frameOf(ROWS));
    // Scramble everything between the head and the tail: the structure check cannot see it.
    const damaged = readFileSync(path);
    for (let i = 8; i < bytes - 10; i++) damaged[i] = ((damaged[i] as number) * 31 + 7) & 0xff;
    writeFileSync(path, damaged);

    expect(cache.lookup("wf1", H1)).toBe(path);
    expect(() => cache.scan(path).collectSync()).toThrow();
    expect(cache.discard(path)).toBe(true);
    expect(cache.lookup("wf1", H1)).toBeUndefined();
    expect(cache.discard(path)).toBe(false);
  });

  test("discard refuses paths that are not entries of this cache", () => {
    const cache = makeCache();
    expect(() => cache.discard(join(dataDir, "important.arrow"))).toThrow("Not a cache entry");
    expect(() => cache.discard(join(dataDir, "cache", "wf1", "notes.txt"))).toThrow("Not a cache entry");
    expect(() => cache.discard(join(dataDir, "cache", "wf1", "..", "..", "x", `${H1}.arrow`))).toThrow(
      "Not a cache entry",
    );
  });
});

describe("clearWorkflow", () => {
  test("removes one workflow's entries and stale temp files, and nothing of others", async () => {
    const cache = makeCache({ now: () => NOW });
    await cache.store("wf1", H1, frameOf(ROWS));
    await cache.store("wf1", H2, frameOf(ROWS));
    await cache.store("wf2", H1, frameOf(ROWS));
    const stale = join(dataDir, "cache", "wf1", tempFileName(H1));
    writeFileSync(stale, "half written");
    utimesSync(stale, new Date(NOW - STALE_TEMP_MS - 1), new Date(NOW - STALE_TEMP_MS - 1));

    expect(cache.clearWorkflow("wf1")).toBe(3);
    expect(existsSync(join(dataDir, "cache", "wf1"))).toBe(false);
    expect(cache.lookup("wf1", H1)).toBeUndefined();
    expect(cache.lookup("wf2", H1)).toBe(join(dataDir, "cache", "wf2", `${H1}.arrow`));
    expect(cache.clearWorkflow("wf1")).toBe(0);
    expect(cache.clearWorkflow("never-seen")).toBe(0);
  });

  test("a store still writing keeps its temp file and its folder", async () => {
    const cache = makeCache({ now: () => NOW });
    await cache.store("wf1", H1, frameOf(ROWS));
    const live = join(dataDir, "cache", "wf1", tempFileName(H2));
    writeFileSync(live, "being written");
    utimesSync(live, new Date(NOW - 1000), new Date(NOW - 1000));
    expect(cache.clearWorkflow("wf1")).toBe(1);
    expect(filesIn(join(dataDir, "cache", "wf1"))).toEqual([basename(live)]);
  });
});

describe("stats and maintenance", () => {
  test("stats count complete entries, with sizes summed from the files", async () => {
    const cache = makeCache({ quotaBytes: 5 * BYTES_PER_GB, retentionDays: 3 });
    expect(cache.stats()).toEqual({
      enabled: true,
      workflow_count: 0,
      file_count: 0,
      total_size_bytes: 0,
      total_size_mb: 0,
      total_size_gb: 0,
      quota_gb: 5,
      retention_days: 3,
    });
    const big = pl.DataFrame({ i: Array.from({ length: 200_000 }, (_, i) => i) }).lazy();
    const a = await cache.store("wf1", H1, big);
    const b = await cache.store("wf1", H2, frameOf(ROWS));
    const c = await cache.store("wf2", H1, frameOf(ROWS.slice(0, 1)));
    writeFileSync(join(dataDir, "cache", "wf2", tempFileName(H2)), "not counted");
    writeFileSync(join(dirname(c.path), "..", "wf3-notes.txt"), "not counted");

    const bytes = [a, b, c].map((e) => statSync(e.path).size).reduce((x, y) => x + y, 0);
    expect(bytes).toBe(a.bytes + b.bytes + c.bytes);
    expect(cache.stats()).toEqual({
      enabled: true,
      workflow_count: 2,
      file_count: 3,
      total_size_bytes: bytes,
      total_size_mb: Math.round((bytes / 1024 ** 2) * 100) / 100,
      total_size_gb: Math.round((bytes / 1024 ** 3) * 1000) / 1000,
      quota_gb: 5,
      retention_days: 3,
    });
    expect(cache.stats().total_size_mb).toBeGreaterThan(1.5);
  });

  test("maintain expires unused entries, then evicts by last use down to the quota", async () => {
    let now = NOW;
    const cache = makeCache({ now: () => now, retentionDays: 7 });
    const hashes = ["1", "2", "3", "4"].map((d) => d.repeat(32));
    const paths: string[] = [];
    for (const [i, hash] of hashes.entries()) {
      now = NOW - (10 - i) * DAY; // stored 10, 9, 8 and 7 days ago
      paths.push((await cache.store(`wf${i % 2}`, hash, frameOf(ROWS))).path);
    }
    now = NOW;
    // Used again today: the oldest store is now the most recently used.
    expect(cache.lookup("wf0", hashes[0] as string)).toBe(paths[0] as string);
    expect(cache.maintain()).toEqual({ ttl_files_deleted: 2, lru_files_evicted: 0 });
    expect(paths.map((p) => existsSync(p))).toEqual([true, false, false, true]);

    const entrySize = statSync(paths[0] as string).size;
    const tight = makeCache({ now: () => now, retentionDays: 7, quotaBytes: entrySize });
    expect(tight.maintain()).toEqual({ ttl_files_deleted: 0, lru_files_evicted: 1 });
    expect(paths.map((p) => existsSync(p))).toEqual([true, false, false, false]);
    expect(tight.stats()).toMatchObject({ workflow_count: 1, file_count: 1, total_size_bytes: entrySize });
  });
});

describe("disabled", () => {
  test("lookups miss even with an entry on disk, store refuses, stats say so", async () => {
    const on = makeCache();
    await on.store("wf1", H1, frameOf(ROWS));
    const off = makeCache({ enabled: false });
    expect(off.lookup("wf1", H1)).toBeUndefined();
    await expect(off.store("wf1", H2, frameOf(ROWS))).rejects.toThrow("disabled");
    expect(off.stats()).toMatchObject({ enabled: false, file_count: 1 });
  });

  test("a run's own copy is written, found by no lookup, counted by no stats, and removed with its folder", async () => {
    const off = makeCache({ enabled: false });
    const copy = await off.storeForRun("wf1", H1, frameOf(ROWS).sort("id"));
    expect(copy.rows).toBe(4);
    expect(basename(copy.path)).toMatch(new RegExp(`^${H1}\\.[0-9]+-[0-9a-f]+\\.tmp$`));
    expect(readBack(off, copy.path).map((r) => r.id)).toEqual([1, 2, 3, 4]);
    expect(makeCache().lookup("wf1", H1)).toBeUndefined();
    expect(off.stats()).toMatchObject({ file_count: 0 });
    expect(() => off.removeRunCopy(join(dataDir, "cache", "wf1", `${H1}.arrow`))).toThrow("Not a run's copy");
    off.removeRunCopy(copy.path);
    expect(existsSync(dirname(copy.path))).toBe(false);
  });

  test("nonsense quota or retention is refused", () => {
    expect(() => makeCache({ quotaBytes: -1 })).toThrow("quotaBytes must be >= 0");
    expect(() => makeCache({ retentionDays: Number.NaN })).toThrow("retentionDays must be >= 0");
  });
});
