import { formatDuration } from "../../state/tool-status";

const rowsText = (rows: unknown) =>
  typeof rows === "number" ? `${rows.toLocaleString("en")} ${rows === 1 ? "row" : "rows"}` : "";

/**
 * One entry of a run's record in words: what the Server said of a tool ("Done in 2 ms, 3
 * rows", "Wrote /data/out.csv (3 rows)"), or why an artifact was not stored. Anything else
 * is shown as its JSON, as recorded.
 */
export function recordText(details: unknown): string {
  const d = (details ?? {}) as Record<string, unknown>;
  if (d.event === "tool") {
    const parts = [
      d.status === "running"
        ? "Started"
        : d.status === "success"
          ? "Done"
          : d.status === "error"
            ? "Failed"
            : String(d.status),
    ];
    if (typeof d.duration_ms === "number") parts[0] += ` in ${formatDuration(d.duration_ms)}`;
    if (d.cache === "hit") parts.push("from the cache");
    if (typeof d.rows === "number") parts.push(rowsText(d.rows));
    return parts.join(", ");
  }
  if (d.event === "written" && typeof d.path === "string") return `Wrote ${d.path} (${rowsText(d.rows)})`;
  if (d.event === "rows" && d.sockets && typeof d.sockets === "object") {
    const sockets = Object.entries(d.sockets as Record<string, unknown>).map(([s, n]) => `${s}: ${rowsText(n)}`);
    return `Rows out: ${sockets.join(", ")}`;
  }
  if (typeof d.artifact_not_stored === "string") {
    return `Not stored: ${d.artifact_not_stored} (${d.size} bytes, over the bound of ${d.max_bytes})`;
  }
  return JSON.stringify(details);
}
