import { CALLERS, type RoleMatrixArea, type RoleMatrixRow } from "./types";

/** One row of docs/hub.md's table: `` | `PATCH /workflows/{mine}` (hand on) | 200 | … | ``. */
export function matrixLine(r: RoleMatrixRow): string {
  const route = `\`${r.method} ${r.path}\`${r.note ? ` (${r.note})` : ""}`;
  return `| ${route} | ${CALLERS.map((c) => r.expect[c]).join(" | ")} |`;
}

/** An area's rows as the Markdown table of docs/hub.md (what to paste under "### Role matrix"). */
export function matrixMarkdown(rows: readonly RoleMatrixRow[]): string {
  return [
    `| Route | ${CALLERS.join(" | ")} |`,
    `|---|${CALLERS.map(() => "---").join("|")}|`,
    ...rows.map(matrixLine),
  ].join("\n");
}

/**
 * The table rows under each `## <heading>`'s `### Role matrix` (up to the next heading),
 * keyed by the heading.
 */
export function docsMatrixLines(markdown: string): Map<string, string[]> {
  const tables = new Map<string, string[]>();
  let heading = "";
  let inMatrix = false;
  for (const line of markdown.split("\n")) {
    if (line.startsWith("## ")) [heading, inMatrix] = [line.slice(3).trim(), false];
    else if (line.startsWith("#")) inMatrix = line.trim() === "### Role matrix";
    else if (inMatrix && line.startsWith("| `")) tables.set(heading, [...(tables.get(heading) ?? []), line.trimEnd()]);
  }
  return tables;
}

/** Where docs/hub.md and the matrix differ, each named by its area and row; empty when they agree. */
export function docsDifferences(markdown: string, areas: readonly RoleMatrixArea[]): string[] {
  const docs = docsMatrixLines(markdown);
  const differences: string[] = [];
  for (const area of areas) {
    const expected = area.rows.map(matrixLine);
    const found = docs.get(area.heading) ?? [];
    docs.delete(area.heading);
    if (found.length === 0) differences.push(`${area.heading}: no "### Role matrix" table under "## ${area.heading}"`);
    for (const line of expected) if (!found.includes(line)) differences.push(`${area.heading}: missing ${line}`);
    for (const line of found)
      if (!expected.includes(line)) differences.push(`${area.heading}: not in the matrix ${line}`);
    if (
      expected.every((l) => found.includes(l)) &&
      found.length === expected.length &&
      found.join() !== expected.join()
    )
      differences.push(`${area.heading}: rows in another order than the matrix`);
  }
  for (const [heading, lines] of docs) differences.push(`${heading}: a role matrix of no area (${lines[0]})`);
  return differences;
}
