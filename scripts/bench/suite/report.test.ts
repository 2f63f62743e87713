import { describe, expect, test } from "bun:test";
import type { MachineFacts } from "./machine";
import { BEGIN, END, isSmokeRun, type RunFacts, renderReport, replaceBlock } from "./report-markdown";
import { type SourcedResult, summarize } from "./summary";
import { chartFileName, scenarioChart } from "./svg-chart";

const machine: MachineFacts = {
  cores: 2,
  cpu: "Test CPU",
  memoryGiB: 24,
  bun: "1.4.5",
  polars: "0.26.1",
  duckdb: "1.5.6-r.1",
  loadAtStart: 1.25,
  loadAtEnd: 2.5,
};
const run: RunFacts = {
  machine,
  rows: [1_000_000, 5_000_000, 10_000_000],
  runs: 5,
  startedAt: "2026-11-28T10:40:12.000Z",
};

const base = { scenario: "P1", variant: "1M rows, CSV", source: "pipelines", measuredAt: run.startedAt };
const results: SourcedResult[] = [
  {
    ...base,
    subject: "weft",
    status: "ok",
    samples: [{ ms: 812, peakRssMb: 410 }, { ms: 790, peakRssMb: 400 }, { ms: 850 }],
  },
  { ...base, subject: "polars", status: "ok", samples: [{ ms: 780, peakRssMb: 460 }, { ms: 770 }, { ms: 800 }] },
  { ...base, subject: "duckdb", status: "ok", samples: [{ ms: 1100, peakRssMb: 225 }, { ms: 1000 }, { ms: 1200 }] },
  { ...base, subject: "pandas", status: "unavailable", note: "python3-pandas | could not be installed", samples: [] },
  { ...base, subject: "arquero", status: "wrong-answer", note: "31 rows, expected 32", samples: [] },
];

describe("renderReport", () => {
  const text = renderReport(run, summarize(results), { P1: "CSV → filter → join → summarize → sort → Parquet" });

  test("a table per scenario with the chart beside it", () => {
    expect(text).toContain("### P1: CSV → filter → join → summarize → sort → Parquet");
    expect(text).toContain("![P1: median time per subject](performance/p1.svg)");
    expect(text).toContain("| data | subject | median | min–max | peak RSS | vs best peer | vs hand-written Polars |");
  });

  test("each subject's line: median, spread, peak, ratios against the best peer and Polars", () => {
    expect(text).toContain(
      "| 1M rows, CSV | **Weft** | 812 ms | 790–850 ms | 410 MiB | 1.04x (hand-written Polars) | 1.04x |",
    );
    expect(text).toContain(
      "| 1M rows, CSV | hand-written Polars | 780 ms | 770–800 ms | 460 MiB | 1.00x (best) | 1.00x |",
    );
    expect(text).toContain(
      "| 1M rows, CSV | DuckDB SQL | 1100 ms | 1000–1200 ms | 225 MiB | 1.41x (hand-written Polars) | 1.41x |",
    );
  });

  test("a peer that did not run or answered wrong is listed with the reason", () => {
    expect(text).toContain(
      "| 1M rows, CSV | pandas | unavailable: python3-pandas \\| could not be installed | | | | |",
    );
    expect(text).toContain("| 1M rows, CSV | Arquero | **wrong answer**: 31 rows, expected 32 | | | | |");
  });

  test("the machine and the run", () => {
    expect(text).toContain(
      "Run of 2026-11-28 10:40 UTC on 2 cores (Test CPU), 24 GiB of memory; Bun 1.4.5, nodejs-polars 0.26.1, DuckDB 1.5.6-r.1; load average 1.3 at the start, 2.5 at the end.",
    );
    expect(text).toContain("median of 5 runs");
    expect(text).not.toContain("Smoke run");
  });

  test("the targets judged on the run, a missed one marked", () => {
    const withTargets = renderReport(run, summarize(results), {}, [
      {
        target: "Weft at most 0.8x DuckDB's time",
        scenario: "P1",
        variant: "1M rows, CSV",
        measured: "0.76x",
        met: true,
      },
      { target: "Weft within 1.05x | Polars", scenario: "P1", variant: "1M rows, CSV", measured: "1.06x", met: false },
    ]);
    expect(withTargets).toContain("### Targets");
    expect(withTargets).toContain("| Weft at most 0.8x DuckDB's time | P1 | 1M rows, CSV | 0.76x | met |");
    expect(withTargets).toContain("| Weft within 1.05x \\| Polars | P1 | 1M rows, CSV | 1.06x | **missed** |");
    expect(text).not.toContain("### Targets");
  });

  test("a scenario without a title is headed by its name alone", () => {
    expect(renderReport(run, summarize(results), {})).toContain("### P1\n");
  });

  test("a scenario kept from an earlier run says when it was measured", () => {
    const earlier = results.map((r) => ({ ...r, measuredAt: "2026-11-27T09:05:00.000Z" }));
    expect(renderReport(run, summarize(earlier), {})).toContain("Measured by an earlier run, 2026-11-27 09:05 UTC.");
    expect(text).not.toContain("Measured by an earlier run");
  });

  test("a run below the published sizes or run count is labelled a smoke run", () => {
    expect(isSmokeRun({ rows: [200_000], runs: 2 })).toBe(true);
    expect(isSmokeRun({ rows: [1_000_000, 5_000_000, 10_000_000], runs: 3 })).toBe(true);
    expect(isSmokeRun(run)).toBe(false);
    const smoke = renderReport({ ...run, rows: [200_000], runs: 2 }, summarize(results), {});
    expect(smoke).toContain("**Smoke run, not the published figures**: 200k rows, 2 runs each");
  });
});

describe("replaceBlock", () => {
  test("replaces only what lies between the markers", () => {
    const doc = `# Performance\n\nintro\n\n${BEGIN}\nold\n${END}\n\n## History\n\nkept\n`;
    expect(replaceBlock(doc, "new\n")).toBe(`# Performance\n\nintro\n\n${BEGIN}\nnew\n${END}\n\n## History\n\nkept\n`);
  });

  test("without markers, goes before the first section, and is found there next time", () => {
    const doc = "# Performance\n\nintro\n\n## Engine\n\nold tables\n";
    const once = replaceBlock(doc, "figures");
    expect(once).toBe(`# Performance\n\nintro\n\n${BEGIN}\nfigures\n${END}\n\n## Engine\n\nold tables\n`);
    expect(replaceBlock(once, "newer")).toBe(once.replace("figures", "newer"));
  });
});

describe("scenarioChart", () => {
  const [summary] = summarize(results);
  const svg = scenarioChart(summary as NonNullable<typeof summary>, "P1 <CSV> & more");

  test("a bar per subject that ran, its median written, a status for the others", () => {
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.match(/<rect x="190"/g)).toHaveLength(3);
    expect(svg).toContain(">812 ms</text>");
    expect(svg).toContain('class="missing">unavailable</text>');
    expect(svg).toContain('class="missing">wrong answer</text>');
    expect(svg).toContain("P1 &lt;CSV&gt; &amp; more");
  });

  test("bars are scaled to the slowest run of their variant", () => {
    // DuckDB's max (1200) spans the whole bar area (440 px); its median 1100 → 403.3 px.
    expect(svg).toContain('width="403.3"');
    expect(svg).toContain('x2="630.0"');
  });

  test("file names", () => {
    expect(chartFileName("P1")).toBe("p1.svg");
    expect(chartFileName("re-preview")).toBe("re-preview.svg");
    expect(chartFileName("Hub executions/s")).toBe("hub-executions-s.svg");
  });
});
