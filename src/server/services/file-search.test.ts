import { afterAll, describe, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type FileAccessPolicy, withRealRoots } from "../../shared/file-access";
import { SEARCH_LIMITS, searchFiles } from "./file-search";

const base = realpathSync(mkdtempSync(join(tmpdir(), "weft-search-")));
const root = join(base, "root");
const other = join(base, "other");
const secret = join(base, "secret");
const put = (path: string, text = "x\n1\n") => {
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, text);
};
put(join(root, "sales.csv"), "0123456789");
put(join(root, "sales_2024.parquet"));
put(join(root, "q", "monthly_sales.json"));
put(join(root, "q", "wholesales.csv"));
put(join(root, "q", "r", "s", "summary_of_leads.csv"));
put(join(root, "sales.txt"));
put(join(root, "sales.pdf"));
put(join(root, ".hidden", "sales.csv"));
put(join(root, ".sales.csv"));
put(join(root, "node_modules", "pkg", "sales.csv"));
put(join(other, "sales.ndjson"));
put(join(secret, "sales.csv"), "secret");
symlinkSync(root, join(root, "q", "loop")); // a folder link back up: never followed
symlinkSync(secret, join(root, "secret-dir"));
symlinkSync(join(secret, "sales.csv"), join(root, "secret-sales.csv"));
symlinkSync(join(root, "sales.csv"), join(root, "q", "sales-link.csv"));
afterAll(() => rmSync(base, { recursive: true, force: true }));

const policy: FileAccessPolicy = withRealRoots({
  mode: "restricted",
  roots: [
    { path: root, readOnly: false },
    { path: other, readOnly: true },
  ],
});
const all = new Set(["csv", "parquet", "json", "ndjson", "txt"]);
const search = (query: string, extensions = all, limit = 20, limits = SEARCH_LIMITS) =>
  searchFiles(policy, [root, other], { query, extensions, limit }, limits);

describe("searchFiles", () => {
  test("ranks exact > starts with > word > substring > subsequence, then shorter names", async () => {
    const answer = await search("sales");
    // By hand: score, then name length, then path. sales.pdf has no listed extension.
    expect(answer.results.map((r) => [r.path.slice(base.length), r.score])).toEqual([
      ["/root/sales.csv", 100],
      ["/root/sales.txt", 100],
      ["/other/sales.ndjson", 100],
      ["/root/q/sales-link.csv", 80],
      ["/root/sales_2024.parquet", 80],
      ["/root/q/monthly_sales.json", 60],
      ["/root/q/wholesales.csv", 40],
      ["/root/q/r/s/summary_of_leads.csv", 20],
    ]);
    expect(answer.truncated).toBe(false);
  });

  test("a hit carries the file's size, time and extension", async () => {
    const [top] = (await search("sales.csv")).results;
    expect(top).toMatchObject({ name: "sales.csv", path: join(root, "sales.csv"), size: 10, extension: "csv" });
    expect(Number.isNaN(Date.parse(top?.modified ?? ""))).toBe(false);
  });

  test("hidden names, node_modules and links leading outside are never found", async () => {
    const paths = (await search("sales")).results.map((r) => r.path);
    for (const p of paths) {
      expect(p.includes("/.")).toBe(false);
      expect(p.includes("node_modules")).toBe(false);
      expect(p.startsWith(secret)).toBe(false);
      expect(p.includes("secret")).toBe(false);
    }
  });

  test("folder links are not followed: the loop adds nothing and the walk ends", async () => {
    const answer = await search("summary");
    expect(answer.results.map((r) => r.path)).toEqual([join(root, "q", "r", "s", "summary_of_leads.csv")]);
    // Every entry that is not a folder, once: root 6 (4 files, 2 links), q 4 (2 files, 2 links),
    // s 1, other 1. Hidden names and node_modules are not counted; `loop` is not walked into.
    expect(answer.total_files_scanned).toBe(12);
  });

  test("extensions filter; limit cuts", async () => {
    expect((await search("sales", new Set(["parquet"]))).results.map((r) => r.name)).toEqual(["sales_2024.parquet"]);
    expect((await search("sales", all, 2)).results).toHaveLength(2);
    expect((await search("zzz")).results).toEqual([]);
  });

  test("the files-scanned cap stops the walk and says so", async () => {
    const answer = await search("sales", all, 20, { ...SEARCH_LIMITS, maxFilesScanned: 3 });
    expect(answer.total_files_scanned).toBe(3);
    expect(answer.truncated).toBe(true);
  });

  test("the folders cap stops the walk and says so", async () => {
    const answer = await search("summary", all, 20, { ...SEARCH_LIMITS, maxFoldersVisited: 2 });
    expect(answer.results).toEqual([]); // summary_of_leads.csv is 3 folders down
    expect(answer.truncated).toBe(true);
  });
});
