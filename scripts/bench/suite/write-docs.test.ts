import { afterAll, expect, test } from "bun:test";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ResultsFile } from "./results-file";
import { writeDocs } from "./write-docs";

const repo = mkdtempSync(join(tmpdir(), "weft-bench-docs-test-"));
afterAll(() => rmSync(repo, { recursive: true, force: true }));

test("rewrites the block between the markers and writes a chart per scenario, the rest of the page kept", () => {
  mkdirSync(join(repo, "docs"));
  const page =
    "# Performance\n\nintro\n\n<!-- bench:begin -->\nold figures\n<!-- bench:end -->\n\n## History\n\nkept\n";
  writeFileSync(join(repo, "docs", "performance.md"), page);
  const at = "2026-11-28T10:00:00.000Z";
  const file: ResultsFile = {
    run: {
      machine: { cores: 2, cpu: "c", memoryGiB: 24, bun: "1", polars: "2", duckdb: "3", loadAtStart: 1, loadAtEnd: 1 },
      rows: [200_000],
      runs: 2,
      startedAt: at,
    },
    titles: { P1: "CSV to Parquet" },
    results: [
      {
        scenario: "P1",
        variant: "200k rows, CSV",
        subject: "weft",
        status: "ok",
        samples: [{ ms: 5 }],
        source: "pipelines",
        measuredAt: at,
      },
      {
        scenario: "preview",
        variant: "200k rows, CSV",
        subject: "weft",
        status: "ok",
        samples: [{ ms: 2 }],
        source: "preview",
        measuredAt: at,
      },
    ],
  };
  const written = writeDocs(file, repo);
  expect(readdirSync(join(repo, "docs", "performance")).sort()).toEqual(["p1.svg", "preview.svg"]);
  expect(written).toHaveLength(3);
  const doc = readFileSync(join(repo, "docs", "performance.md"), "utf8");
  expect(doc).not.toContain("old figures");
  expect(doc).toContain("### P1: CSV to Parquet");
  expect(doc).toContain("### preview\n");
  expect(doc.startsWith("# Performance\n\nintro\n\n<!-- bench:begin -->\n")).toBe(true);
  expect(doc.endsWith("<!-- bench:end -->\n\n## History\n\nkept\n")).toBe(true);
  expect(readFileSync(join(repo, "docs", "performance", "p1.svg"), "utf8")).toContain(
    "P1: CSV to Parquet (median; whiskers min–max)",
  );
});
