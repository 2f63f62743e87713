import { formatMs } from "./format";
import { type ScenarioSummary, SUBJECT_LABEL } from "./summary";
import type { Subject } from "./types";

/** Each subject keeps its colour in every chart. */
const COLOR: Record<Subject, string> = {
  weft: "#2f6fde",
  "weft-known": "#5a8fea",
  "weft-bounded": "#86aef2",
  polars: "#e07b39",
  duckdb: "#d4a514",
  pandas: "#6c6c9c",
  arquero: "#3f9a70",
};

const WIDTH = 760;
const LABEL = 190;
const BAR_AREA = 440;
const ROW = 22;
const BAR = 14;
const HEADER = 24;
const TITLE = 34;

/** The file name of a scenario's chart: "P1" → "p1.svg", "re-preview" → "re-preview.svg". */
export function chartFileName(scenario: string): string {
  return `${scenario.toLowerCase().replaceAll(/[^a-z0-9]+/g, "-")}.svg`;
}

const escapeXml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

/**
 * A horizontal bar chart of one scenario: per data variant, one bar per subject at its median
 * time, a whisker from its fastest to its slowest run, the median written after it. Bars are
 * scaled within each variant (1M and 10M rows differ tenfold; on one scale the small size's
 * bars would vanish). A subject that did not run right is named with its status instead of a bar.
 */
export function scenarioChart(summary: ScenarioSummary, title: string): string {
  const parts: string[] = [];
  let y = TITLE;
  for (const { variant, lines } of summary.variants) {
    parts.push(`<text x="8" y="${y + 16}" class="variant">${escapeXml(variant)}</text>`);
    y += HEADER;
    const scaleMax = Math.max(...lines.map((l) => l.max ?? 0), Number.MIN_VALUE);
    for (const line of lines) {
      const mid = y + ROW / 2;
      parts.push(
        `<text x="${LABEL - 8}" y="${mid + 4}" text-anchor="end">${escapeXml(SUBJECT_LABEL[line.subject])}</text>`,
      );
      if (line.median === undefined || line.min === undefined || line.max === undefined) {
        const status =
          line.status === "ok" ? "no runs" : line.status === "wrong-answer" ? "wrong answer" : "unavailable";
        parts.push(`<text x="${LABEL + 4}" y="${mid + 4}" class="missing">${status}</text>`);
      } else {
        const x = (v: number) => LABEL + (v / scaleMax) * BAR_AREA;
        const w = Math.max(1, x(line.median) - LABEL);
        parts.push(
          `<rect x="${LABEL}" y="${mid - BAR / 2}" width="${w.toFixed(1)}" height="${BAR}" fill="${COLOR[line.subject]}"/>`,
          `<line x1="${x(line.min).toFixed(1)}" x2="${x(line.max).toFixed(1)}" y1="${mid}" y2="${mid}" class="whisker"/>`,
          `<text x="${(x(line.max) + 6).toFixed(1)}" y="${mid + 4}">${escapeXml(formatMs(line.median))}</text>`,
        );
      }
      y += ROW;
    }
    y += 6;
  }
  const height = y + 8;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" role="img" aria-label="${escapeXml(title)}">`,
    "<style>text{font:12px sans-serif;fill:#222}.title{font-weight:bold;font-size:14px}.variant{font-weight:bold}" +
      ".missing{fill:#888;font-style:italic}.whisker{stroke:#222;stroke-width:1.5}</style>",
    `<rect width="${WIDTH}" height="${height}" fill="#fff"/>`,
    `<text x="8" y="20" class="title">${escapeXml(title)}</text>`,
    ...parts,
    "</svg>",
    "",
  ].join("\n");
}
